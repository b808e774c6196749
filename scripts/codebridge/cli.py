"""Command line: one subcommand per stage of the pipeline.

    codebridge report            parse, prove conservation, print the build report
    codebridge export DIR        write code.json and citations.json into DIR
    codebridge show CITATION     print one provision ("64B7", "Loi 45C4(b)")
    codebridge autolink FILE     link "Loi 64B7" in a Markdown or HTML file
    codebridge search QUERY      print the best provisions for a query ("renonce consommée")
    codebridge build             build the French and English sites into site/
                                 (docs folders in build/docs/<lang>/, then the engine)
    codebridge serve             preview the French site, regenerating on change
    codebridge build --offline   the same into site-offline/, to open from file://
    codebridge pdf               the single-document edition as PDF (Chromium)
    codebridge score 4S= --vul   the score of a contract played (Law 77)
    codebridge imp 470           the IMPs of a difference of points (Law 78B)
    codebridge matchpoints 420 --field 450 420 400 -50   matchpoints and percentage (Law 78A)

Errors in the sources print as ``file:line: message`` and exit with status 2.
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
from pathlib import Path

from . import labels
from .model import Block, Code
from .parse import parse_code
from .inputs import NORMALISED, SourceError
from .strings import LANGS, read_from, t

ROOT = Path(__file__).resolve().parents[2]
SOURCES = Path("content/sources")


def load(root: Path) -> tuple[Code, dict]:
    return parse_code(root / SOURCES)


def report(root: Path, site=None) -> list[str]:
    """The build report: what was read, conserved, removed and is missing
    (of ``site``, a French ``Site`` already loaded, when given)."""
    from .site import Site

    code, parsed = (site.code, site.parsed) if site is not None else load(root)
    lines = []
    for file, result in parsed.items():
        provisions = sum(1 for law in result.laws for _ in law.provisions())
        notes = sum(len(law.notes) for law in result.laws)
        defined = f"the Definitions ({len(result.definitions.entries)} terms), " if result.definitions is not None else ""
        lines.append(
            f"{file}: layout {result.layout}, {defined}{len(result.laws)} law{'s' if len(result.laws) != 1 else ''} "
            f"({labels.law_runs(law.number for law in result.laws)}), {provisions} provisions, {notes} notes, "
            f"{result.words} words conserved, {len(result.furniture)} furniture lines removed"
        )
    for gap in code.gaps:
        lines.append(f"gap: {labels.cite(gap.label)} ({gap.source}): {gap.fr}")
    if site is None:
        from . import glossary, translation
        from .site import TRANSLATIONS

        # what the sites read besides the sources, checked here too: an error
        # shows as file:line before the engine starts
        translation.load(root / TRANSLATIONS / "en", code)
        glossary.load(root, code)
        site = Site(root, "fr", code, None)
        site.situations  # « Que faire si… », read and checked against the code
    for problem in site.problems():
        lines.append(f"unresolved reference (kept as plain text): {problem}")
    lines.append(f"references: {len(site.index.refs)} in the laws, {sum(len(c.references) for c in site.commentaries)} in the commentaries")
    ex = site.examples
    lines.append(f"examples: {len(ex.cases['fr'])} cases in French and English, {len(ex.seeds)} seed cases")
    for lang in sorted(ex.cases):
        for case in sorted(ex.cases[lang].values(), key=lambda c: c.file):
            for law, line in case.unchecked:
                lines.append(
                    f"to check: {case.file}:{line}: written without the text of Loi {law}, which the sources now give: "
                    f"check the case against it (quote the provisions its ruling cites), then take {law} out of absent"
                )
    for name, notes in sorted(NORMALISED.items()):
        lines.append(f"normalised: {name}: {'; '.join(notes)} (saved on Windows?)")
    lines.append(f"pinned: {len(code.sources)} sources match their sha256 and the laws their manifest entry gives")
    absent = [l.number for l in code.laws if not l.present]
    if absent:
        lines.append(f"absent: {len(absent)} laws without text in the sources ({labels.law_runs(absent)}), each with a page")
    return lines


def cmd_report(args) -> int:
    for line in report(args.root):
        print(line)
    return 0


def cmd_export(args) -> int:
    """The site's data files (``Site.data_files``): the same bytes as its ``data/``."""
    from .site import Site

    out = Path(args.directory)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in Site.load(args.root, args.lang).data_files().items():
        path = out / Path(name).name
        path.write_text(text, encoding="utf-8")
        written.append(str(path))
    print("wrote " + " and ".join(written))
    return 0


def find(code: Code, text: str):
    """The law or provision a citation names, or None."""
    text = text.strip()
    for prefix in ("Loi ", "loi ", "LOI ", "Law "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    from .glossary import parse_citation

    try:
        label = parse_citation(text)
    except ValueError:
        return None
    try:
        law = code.law(label[0])
    except KeyError:
        return None
    if len(label) == 1:
        return law
    return next((p for p in law.provisions() if p.label == label), None)


def cmd_show(args) -> int:
    code, _ = load(args.root)
    node = find(code, args.citation)
    if node is None:
        print(f"no such provision: {args.citation}", file=sys.stderr)
        return 1
    label = node.label
    print(f"{labels.cite(label)} — {labels.url(label)}")
    _print_content(node.content if hasattr(node, "content") else (), 0, getattr(node, "title", None))
    return 0


def _print_content(content, depth: int, title=None) -> None:
    pad = "  " * depth
    if title:
        print(pad + title)
    for item in content:
        if isinstance(item, Block):
            print(pad + ("- " if item.kind == "item" else "") + item.text)
        else:
            print(pad + item.marker + (" " + item.title if item.title else ""))
            _print_content(item.content, depth + 1)


def cmd_search(args) -> int:
    from .site import Site

    site = Site.load(args.root, args.lang)
    # as the site's search box: the last word may be the start of a longer one
    hits = site.search.search(args.query, limit=args.limit, typing=True)
    if not hits:
        print(f"nothing found for {args.query!r}", file=sys.stderr)
        return 1
    term = site.search.defined(args.query)
    if term:  # the glossary term the query names, as the page shows it above the results
        print(t(args.lang, "search.term").format(name=term.name(args.lang), definition=term.definition(args.lang)))
        print("    " + " · ".join(doc.citation for doc in site.search.term_docs(term)))
    told = {s.id: s.telling(args.lang).title for s in site.search.situations}
    for hit in hits:
        doc = hit.doc
        if hit.why:  # offered by a situation the query tells
            print(t(args.lang, "situations.search_label") + told[hit.why])
        print(f"{doc.citation} — {doc.heading}" if doc.heading else doc.citation)
        if doc.text:
            print("    " + site.search.snippet(doc, hit.stems, mark=("«", "»")))
        print(f"    {doc.url}")
    return 0


def cmd_build(args) -> int:
    """Parse once, write the docs folders (build/docs/<lang>/), run the engine.

    Python's cyclic garbage collector waits while our stages run (they make
    next to no cyclic garbage, and it would walk the model again and again
    as it grows); before the engine runs, what they made is frozen
    (``gc.freeze``), so that the engine's collections do not walk the model
    either. The collector is as it was after.

    Stopped by a signal (a terminal closed, a job cancelled), the build
    stops as on an error: the engine's runs it started stop too, and the
    last site stays as it was."""
    import signal

    enabled = gc.isenabled()
    gc.disable()
    try:
        previous = signal.signal(signal.SIGTERM, _stopped)
    except ValueError:  # not Python's main thread, where signals are not handled
        previous = None
    try:
        return _build(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        gc.unfreeze()
        (gc.enable if enabled else gc.disable)()


def _stopped(signum, _frame):
    raise SystemExit(128 + signum)


def _build(args) -> int:
    from . import build

    # Two builds of the same sources give the same bytes: MkDocs' build date
    # comes from SOURCE_DATE_EPOCH, which is set,
    # unless given, to the time of the last commit (or of the newest content
    # file outside a git checkout), never to the time of the build.
    os.environ.setdefault("SOURCE_DATE_EPOCH", str(source_date_epoch(args.root)))
    site = Path(args.site_dir or args.root / ("site-offline" if args.offline else "site")).resolve()
    from . import engine, publish

    digest = build.inputs_digest(args.root, site, args.offline)
    kept = build.Prepared.kept(args.root, digest, args.offline)
    configs = build.configs(args.root, args.offline)  # each language's engine configuration, where prepare writes it
    runs = engine.Runs()  # the languages side by side: the French run goes on while the English docs are made
    try:
        if kept is not None:  # nothing changed since the last build: its docs folders are this one's
            for line in kept.report:
                print(line)
            used = set(kept.cards)
        else:
            build.Prepared.drop(args.root, args.offline)
            build.forget()  # this process's earlier builds: every input read again
            lines = report(args.root, build.sites(args.root, args.offline)["fr"])
            for line in lines:
                print(line)
        last = LANGS[-1]
        for lang in LANGS:
            if kept is None:
                build.prepare(args.root, site, lang, args.offline)
            if lang != last:  # on its way while the next language is made
                runs.start(configs[lang])
        if kept is None:
            used = set().union(*(publish.cache_names(s.code, lang, s.law_titles) for lang, s in build.sites(args.root, args.offline).items()))
            if build.inputs_digest(args.root, site, args.offline) == digest:  # no input saved while they were read
                build.Prepared.keep(args.root, digest, lines, used, args.offline)
        # the cards' cache keeps what this build's sites read: a card of an older title goes
        publish.prune_cards(args.root / publish.CARD_CACHE, used)
        gc.freeze()  # the model, kept while the engine runs: out of its collections' way
        gc.enable()
        failed = runs.finish(configs[last])
        for config in failed:
            print(f"error: mkdocs build failed for {config.name} (its message is above)", file=sys.stderr)
        if failed:
            return 2
        runs.place()  # the new site in place of the last build's, which is removed while this one is finished
        listed = {}  # each site's files, listed once for what follows
        for lang, out in (("fr", site), ("en", site / "en")):
            build.strip_unused_theme_files(out)
            listed[lang] = publish.site_files(out, lang)
            build.purge_theme_css(out, listed[lang])
        publish.finish(site, build.site_url(args.root, "fr"), args.offline, listed)
    finally:
        runs.stop()  # stopped by an error or a failed run: the runs started stop, what they built goes; the last site's removal ends
    if args.zip:
        print(f"wrote {publish.offline_zip(site, Path(args.zip).resolve())}")
    where = "open index.html from a file browser" if args.offline else "French at the root, English under en/"
    print(f"site built in {site} ({where}); docs folders in {build.build_dir(args.root, args.offline) / 'docs'}")
    return 0


def source_date_epoch(root: Path) -> int:
    """The build's date for reproducible builds: the last commit's time,
    else the newest modification time of the content files."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True, timeout=30
        )
        if done.returncode == 0 and done.stdout.strip().isdigit():
            return int(done.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    files = [p for p in (root / "content").rglob("*") if p.is_file()]
    return int(max((p.stat().st_mtime for p in files), default=0))


def cmd_pdf(args) -> int:
    from . import publish

    site = Path(args.site_dir or args.root / "site").resolve()
    if not (site / labels.page_url(labels.EDITION_SRC, directory_urls=False)).is_file():
        print(f"error: {site}: no edition/ page; build the site first (make site)", file=sys.stderr)
        return 2
    for path in publish.pdf(site, Path(args.out or args.root / "dist").resolve()):
        print(f"wrote {path}")
    return 0


def cmd_serve(args) -> int:
    """Preview: the engine serves build/docs/<lang>/, regenerated on change."""
    from . import build

    return build.serve(args.root, args.address, args.lang)


def cmd_autolink(args) -> int:
    from .autolink import autolink_html, autolink_markdown

    code, _ = load(args.root)
    path = Path(args.file)
    if not path.is_file():
        print(f"error: {path}: no such file", file=sys.stderr)
        return 2
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        print(f"error: {path}: not UTF-8", file=sys.stderr)
        return 2
    # written back as it came: its byte order mark, and its line ends when
    # every one is CRLF (the grammar reads lines ended by "\n")
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    text = text[len(bom) :]
    crlf = "\r\n" in text and text.count("\r\n") == text.count("\n")
    if crlf:
        text = text.replace("\r\n", "\n")
    base = args.base
    if base is None:  # the site's public address (SITE_URL or mkdocs.yml's site_url)
        from .build import site_url

        base = site_url(args.root, args.lang)
        if base is None:
            base = "./" + labels.lang_root(args.lang)
            print(
                "warning: no public address (SITE_URL, or site_url in mkdocs.yml): the links are relative "
                f"to {base}; give the site's address with --base",
                file=sys.stderr,
            )
    base = base if base.endswith("/") else base + "/"
    if args.base is not None and not base.endswith("/" + labels.lang_root(args.lang)):
        base += labels.lang_root(args.lang)  # --base is the site's root: the English pages are under its en/
    if path.suffix.lower() in (".html", ".htm"):
        out = autolink_html(text, code, base)
    else:
        out = autolink_markdown(text, code, base)
    sys.stdout.write(bom + (out.replace("\n", "\r\n") if crlf else out))
    return 0


def cmd_terminology(args) -> int:
    from . import glossary, terminology, translation

    code, _ = load(args.root)
    tr = translation.load(args.root / "content" / "translation" / "en", code)
    terms = glossary.load(args.root, code)
    mismatches = terminology.check(code, tr, terms, terminology.load_exceptions(args.root))
    for m in mismatches:
        print(m)
    print(f"{len(mismatches)} terminology mismatches")
    return 1 if mismatches else 0


def cmd_skeleton(args) -> int:
    """Write the translation file of a law that has none: every unit key, the
    French beside it, the English to fill in."""
    from .translation import law_file, skeleton

    code, _ = load(args.root)
    try:
        law = code.law(args.law)
    except KeyError:
        print(f"error: no law {args.law}", file=sys.stderr)
        return 2
    if not law.present:
        print(f"error: Loi {args.law} is not in the sources", file=sys.stderr)
        return 2
    path = law_file(args.root / "content" / "translation" / "en", law.number)
    if path.exists():
        print(f"error: {path.name} exists; edit it", file=sys.stderr)
        return 2
    path.write_text(skeleton(law), encoding="utf-8")
    print(f"wrote {path}")
    return 0


def cmd_score(args) -> int:
    from . import scoring
    from .strings import t

    try:
        contract = scoring.parse_contract(args.contract)
    except ValueError as exc:
        return _bad_input(exc)
    result = scoring.score(contract, args.vul)
    print(result.points)
    print(f"{t('en', 'scoring.calc.declarer')}: {result.points:+d}, {t('en', 'scoring.calc.defenders')}: {-result.points:+d}")
    for part in result.parts:
        count = f" ({part.count})" if part.count else ""
        print(f"  {t('en', 'scoring.part.' + part.kind)}{count}: {part.points:+d}")
    return 0


def cmd_imp(args) -> int:
    from . import scoring

    try:
        difference = _integer(args.points)
    except ValueError as exc:
        return _bad_input(exc)
    print(scoring.imps(difference))
    return 0


def cmd_matchpoints(args) -> int:
    from . import scoring

    try:
        own = _integer(args.score)
        field = [_integer(s) for s in args.field]
        # every duplicate score is a multiple of 10, as the page checks: "1" and "430" are "1 430" split in two
        odd = next((n for n in [own, *field] if n % 10), None)
        if odd is not None:
            raise ValueError(f"{odd} is not a bridge score: every score is a multiple of 10")
        mp = scoring.matchpoints(own, field)
    except ValueError as exc:
        return _bad_input(exc)
    print(f"{mp.points}/{mp.top} {scoring.format_percent(mp.percent)}%")
    return 0


def _integer(text: str) -> int:
    """A whole number of points, as the calculators read it (``patterns.WHOLE_NUMBER``)."""
    from .patterns import WHOLE_NUMBER

    number = text.strip().replace("−", "-")  # the typographic minus too
    if not WHOLE_NUMBER.match(number):
        raise ValueError(f"{text!r} is not a whole number of points")
    return int(number)


def _bad_input(exc: Exception) -> int:
    print(f"error: {exc}", file=sys.stderr)
    return 2


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line and status 2, returned rather than raised
    (``main`` is called by tests and scripts)."""

    def error(self, message):
        raise _UsageError(f"{self.prog}: {message}")


class _UsageError(Exception):
    pass


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="codebridge", description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="project folder (default: this checkout)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("report", help="parse the sources and print the build report").set_defaults(func=cmd_report)
    p = sub.add_parser("export", help="write code.json and citations.json, as the site's data/ has them")
    p.add_argument("directory")
    p.add_argument("--lang", choices=LANGS, default="fr", help="the French site's data or the English site's (default: fr)")
    p.set_defaults(func=cmd_export)
    p = sub.add_parser("show", help="print one law or provision")
    p.add_argument("citation")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("autolink", help="link the references of a Markdown or HTML file (to standard output)")
    p.add_argument("file")
    p.add_argument("--base", help="the site's address, its French root, e.g. https://example.org/code/ (--lang en: its en/ pages; default: its public address, SITE_URL or site_url)")
    p.add_argument("--lang", choices=LANGS, default="fr", help="link to the French site or the English one (default: fr)")
    p.set_defaults(func=cmd_autolink)
    sub.add_parser("terminology", help="check the English against the glossary").set_defaults(func=cmd_terminology)
    p = sub.add_parser("search", help="print the best provisions for a query, ranked as the site's search box ranks them")
    p.add_argument("query")
    p.add_argument("--lang", choices=LANGS, default="fr", help="which site's text to search (default: fr)")
    p.add_argument("--limit", type=int, default=5, help="how many results (default: 5)")
    p.set_defaults(func=cmd_search)
    p = sub.add_parser("translation-skeleton", help="write the English file of a law added to the sources")
    p.add_argument("law")
    p.set_defaults(func=cmd_skeleton)
    p = sub.add_parser("serve", help="preview a site, regenerating what a content change touches")
    p.add_argument("-a", "--address", default="127.0.0.1:8000", help="where to serve (default: 127.0.0.1:8000)")
    p.add_argument("--lang", choices=LANGS, default="fr", help="which site (default: fr)")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("build", help="build the French and English sites")
    p.add_argument("--site-dir", help="output folder (default: site/, or site-offline/ with --offline)")
    p.add_argument("--offline", action="store_true", help="build a copy that works from file:// (.html URLs)")
    p.add_argument("--zip", help="also write the built site as a reproducible zip (make offline: dist/)")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("pdf", help="print the single-document edition to PDF with Chromium")
    p.add_argument("--site-dir", help="the built site (default: site/)")
    p.add_argument("--out", help="output folder (default: dist/)")
    p.set_defaults(func=cmd_pdf)
    p = sub.add_parser("score", help="the score of a contract played (Law 77): 4S= --vul, 3NTX-2")
    p.add_argument("contract", help="level, strain (C D H S NT or ♣ ♦ ♥ ♠ SA), optional X or XX, then =, +N or -N")
    p.add_argument("--vul", action="store_true", help="declarer's side is vulnerable")
    p.set_defaults(func=cmd_score)
    p = sub.add_parser("imp", help="the IMPs of a difference of points (Law 78B)")
    p.add_argument("points")
    p.set_defaults(func=cmd_imp)
    p = sub.add_parser("matchpoints", help="a score against the other scores on the board (Law 78A)")
    p.add_argument("score")
    p.add_argument("--field", nargs="+", required=True, metavar="S", help="the other scores on the board")
    p.set_defaults(func=cmd_matchpoints)
    try:
        args = parser.parse_args(argv)
    except _UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    read_from(args.root)  # the project's own interface strings and templates
    try:
        return args.func(args)
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader of the output stopped reading (`| head`): nothing more to say, no traceback
        # at exit either, when Python flushes what is left for a pipe that is gone
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a folder or file that cannot be made, read or written
        print(f"error: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2
