"""Errors, never tracebacks: each bad input gives ``file:line: message`` (or
``file: message`` where no line exists) and exit status 2 from the real
command, on a copy of the project's content with one thing broken."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from codebridge.analysis import stems
from codebridge.cli import main
from tests.helpers import project_copy, repin

LAWS_40 = "content/sources/000_15b7e5fa7bdf42e1.txt"
LAWS_65 = "content/sources/001_24f4e4c49b6593a4.txt"


def replace(rel: str, old: str, new: str, pin: bool = True):
    def change(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        if pin:
            repin(path.parent)

    return change


def write(rel: str, data: bytes | str):
    def change(root: Path) -> None:
        path = root / rel
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))

    return change


def truncate(root: Path) -> None:
    path = root / LAWS_40
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("Loi 50 –")], encoding="utf-8")
    repin(path.parent)


def glossary(change):
    def apply(root: Path) -> None:
        path = root / "content" / "glossary.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")

    return apply


def manifest(change):
    def apply(root: Path) -> None:
        path = root / "content" / "sources" / "manifest.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(change(text), encoding="utf-8")

    return apply


CASES = [
    # (what, the change, the error expected on standard error)
    ("law heading with a leading zero", replace(LAWS_65, "Loi 66 –", "Loi 066 –"), r"001_24f4e4c49b6593a4\.txt:\d+: law number '066' written with a leading zero"),
    ("law heading 07", replace(LAWS_40, "Loi 41 –", "Loi 07 –"), r"000_15b7e5fa7bdf42e1\.txt:\d+: law number '07' written with a leading zero"),
    ("law heading 94", replace(LAWS_65, "Loi 93 –", "Loi 94 –"), r"001_24f4e4c49b6593a4\.txt:\d+: Loi 94 does not exist"),
    ("undefined note call", replace(LAWS_65, "voir également la Loi 16B3.", "voir également la Loi 16B3 (12)."),
     r"001_24f4e4c49b6593a4\.txt:\d+: note call \(12\) in Loi 73, which defines no note \(12\)"),
    ("truncated source", truncate,
     r"000_15b7e5fa7bdf42e1\.txt:\d+: the file stops after Loi 49 .* Laws 50–64 missing"),
    ("changed source, pin not updated", replace(LAWS_40, "Entente entre partenaires", "Entente", pin=False),
     r"manifest\.yaml:\d+: 000_15b7e5fa7bdf42e1\.txt does not match its sha256 pin \w+ .*replace its pin with `sha256: [0-9a-f]{64}`"),
    ("source's English not a mapping", manifest(lambda t: t.replace("    en:\n", "    en: The French text, in English\n    was_en:\n", 1)),
     r"manifest\.yaml:\d+: 'en' must be a mapping of 'origin' and 'credit' to their English text"),
    ("manifest key misspelt", manifest(lambda t: t.replace("    role: laws\n", "    role: laws\n    translaton: pending\n", 1)),
     r"manifest\.yaml:\d+: unknown key 'translaton' \(did you mean 'translation'\?\)"),
    ("manifest key unknown", manifest(lambda t: t.replace("    role: laws\n", "    covers: Lois 40 à 64\n    role: laws\n", 1)),
     r"manifest\.yaml:\d+: unknown key 'covers'; an entry says file, sha256, role"),
    ("translation state unknown", manifest(lambda t: t.replace("    role: laws\n", "    role: laws\n    translation: done\n", 1)),
     r"manifest\.yaml:\d+: translation 'done': only `translation: pending` is known"),
    ("FFB notes neither all nor starred", manifest(lambda t: t.replace("ffb_notes: starred", "ffb_notes: numbered")),
     r"manifest\.yaml:\d+: ffb_notes 'numbered': a law source's FFB national notes are `all` its notes or the `starred` ones"),
    ("symbol font not a yes or no", manifest(lambda t: t.replace("symbol_font: true", "symbol_font: Symbol")),
     r"manifest\.yaml:\d+: 'symbol_font' must be true or false"),
    ("law range missing", manifest(lambda t: t.replace('    laws: "40-64"\n', "")),
     r"manifest\.yaml:\d+: 000_15b7e5fa7bdf42e1\.txt: say which laws it gives"),
    ("law range wrong", manifest(lambda t: t.replace('laws: "40-64"', 'laws: "40-63"')),
     r"000_15b7e5fa7bdf42e1\.txt:\d+: Loi 64 is not among the laws the manifest gives for this file \(Laws 40–63\)"),
    ("law range malformed", manifest(lambda t: t.replace('laws: "40-64"', 'laws: "40 à 64"')),
     r"manifest\.yaml:\d+: laws: '40 à 64': expected ranges"),
    ("law missing in the middle", replace(LAWS_40, "\nLoi 45 –", "\nLoi 46 –"), r"000_15b7e5fa7bdf42e1\.txt:\d+: Loi 46 appears twice"),
    ("translation not UTF-8", write("content/translation/en/40.yaml", b'"40:title":\n  fr: "\xe9"\n'),
     r"content/translation/en/40\.yaml:2: not valid UTF-8"),
    ("translation a list", write("content/translation/en/40.yaml", "- a\n- b\n"),
     r"content/translation/en/40\.yaml: expected a mapping of unit key"),
    ("translation bad YAML", write("content/translation/en/40.yaml", '"40:title":\n  fr: [\n'), r"content/translation/en/40\.yaml:\d+: invalid YAML"),
    ("translation unit not a mapping", replace("content/translation/en/41.yaml", '"41:title":\n', '"41:title": 3\n"41:title-old":\n', pin=False),
     r"content/translation/en/41\.yaml:\d+: unit '41:title-old' does not exist"),
    ("glossary not UTF-8", write("content/glossary.yaml", b"- id: x\n  fr: \xe9\n"), r"content/glossary\.yaml:2: not valid UTF-8"),
    ("situations not UTF-8", write("content/situations.yaml", b"moments:\n  avant: {fr: \xe9, en: before}\n"), r"content/situations\.yaml:2: not valid UTF-8"),
    ("glossary not a list", write("content/glossary.yaml", "a: 1\n"), r"content/glossary\.yaml: expected a list of terms"),
    ("glossary term not a mapping", glossary(lambda d: d.append("renonce")), r"content/glossary\.yaml: term \d+: 'renonce' is not a mapping"),
    ("glossary term not text", glossary(lambda d: d[0].update(fr=12)), r"content/glossary\.yaml:\d+: term 'accord-sur-les-levees': 'fr' must be text"),
    ("glossary bad id", glossary(lambda d: d[0].update(id='x" onclick="alert(1)')), r"content/glossary\.yaml(:\d+)?: term id .*lower-case letters"),
    ("glossary bad citation", glossary(lambda d: d[0].update(laws=["064B7"])), r"content/glossary\.yaml:\d+: term 'accord-sur-les-levees': '064B7' is not a citation"),
    ("glossary key misspelt", glossary(lambda d: d[0].update(en_variant=["RHO"])),
     r"content/glossary\.yaml:\d+: term 'accord-sur-les-levees': unknown key 'en_variant' \(did you mean 'en_variants'\?\)"),
    ("translation unit key unknown", replace("content/translation/en/41.yaml", '"41:title":\n', '"41:title":\n  note: checked\n', pin=False),
     r"content/translation/en/41\.yaml:\d+: unit '41:title': unknown key 'note' \(a unit says fr: and en:\)"),
    ("glossary laws not a list", glossary(lambda d: d[0].update(laws="64B7")), r"content/glossary\.yaml:\d+: term 'accord-sur-les-levees': 'laws' must be a list"),
    ("commentary translation not UTF-8", write("content/translation/en/commentaires/commentaire-loi-61-renonce.yaml", b'title:\n  fr: "\xe9"\n'),
     r"content/translation/en/commentaires/commentaire-loi-61-renonce\.yaml:2: not valid UTF-8"),
    ("commentary translation bad YAML", write("content/translation/en/commentaires/commentaire-loi-61-renonce.yaml", 'title:\n  fr: [\n'),
     r"content/translation/en/commentaires/commentaire-loi-61-renonce\.yaml:\d+: invalid YAML"),
    ("commentary passage key unknown", replace("content/translation/en/commentaires/commentaire-loi-61-renonce.yaml", "title:\n", "title:\n  by: us\n", pin=False),
     r"content/translation/en/commentaires/commentaire-loi-61-renonce\.yaml:\d+: passage 'title': unknown key 'by' \(a passage says fr: and en:\)"),
    ("typos not a list", write("content/sources/typos.yaml", "unit: 45C4a:0\n"), r"sources/typos\.yaml: expected a list of entries"),
    ("typo entry incomplete", write("content/sources/typos.yaml", "# slips\n- unit: \"45C4a:0\"\n  text: \"est être jouée\"\n"),
     r"sources/typos\.yaml:2: each entry gives `unit`, `text` and `read`"),
    ("typo of an unknown unit", write("content/sources/typos.yaml", "- unit: \"45C4a:0\"\n  text: \"est être\"\n  read: \"doit être\"\n- unit: \"45Z:0\"\n  text: a\n  read: b\n"),
     r"sources/typos\.yaml:4: unit '45Z:0' is not a unit of the code"),
    ("typo words not in the unit", write("content/sources/typos.yaml", "- unit: \"45C4a:0\"\n  text: \"est étre\"\n  read: \"doit être\"\n"),
     r"sources/typos\.yaml:1: 'est étre' does not occur in the text of 45C4a:0"),
    ("typo words twice in the unit", write("content/sources/typos.yaml", "- unit: \"45C4a:0\"\n  text: \"la\"\n  read: \"le\"\n"),
     r"sources/typos\.yaml:1: 'la' occurs \d+ times \(give more of its words\) in the text of 45C4a:0"),
    ("absent titles not a mapping", write("content/sources/absent_titles.yaml", "- 27\n"), r"sources/absent_titles\.yaml: expected a mapping"),
    ("starred note call without its note", replace(LAWS_40, "2. Il peut tenir le compte des levées gagnées ou perdues.", "2. Il peut tenir le compte des levées gagnées ou perdues *."),
     r"000_15b7e5fa7bdf42e1\.txt:\d+: note call \* in Loi \d+, which defines no note \*"),
    # a key given twice: YAML alone keeps the last and silently drops the first
    ("translation unit given twice", replace("content/translation/en/41.yaml", '"41:title":\n', '"41:title":\n  fr: "x"\n  en: "y"\n"41:title":\n', pin=False),
     r"content/translation/en/41\.yaml:\d+: invalid YAML: '41:title' is given twice in this mapping"),
    ("glossary key given twice", replace("content/glossary.yaml", "  en: bonus\n", "  en: bonus\n  en: DUPLICATE\n", pin=False),
     r"content/glossary\.yaml:\d+: invalid YAML: 'en' is given twice in this mapping"),
    # a case, a seed case, a situation or a glossary term of the wrong shape: said where it is
    ("case file empty", write("content/examples/fr/appel-hors-delai.yaml", ""), r"content/examples/fr/appel-hors-delai\.yaml:1: the file is empty"),
    ("case not UTF-8", write("content/examples/en/appel-hors-delai.yaml", b"id: appel-hors-delai\ntitle: \xe9\n"),
     r"content/examples/en/appel-hors-delai\.yaml:2: not valid UTF-8"),
    ("case citing a law the code has not", replace("content/examples/fr/appel-hors-delai.yaml", 'outcome: "Appel irrecevable', 'outcome: "Loi 99 : appel irrecevable', pin=False),
     r"content/examples/fr/appel-hors-delai\.yaml:28: outcome: it cites law 99, which the code has not"),
    ("English case citing a law the code has not", replace("content/examples/en/appel-hors-delai.yaml", 'outcome: "Appeal out of order', 'outcome: "Law 99: appeal out of order', pin=False),
     r"content/examples/en/appel-hors-delai\.yaml:28: outcome: it cites law 99, which the code has not"),
    ("case citing a provision its law has not", replace("content/examples/fr/appel-hors-delai.yaml", 'outcome: "Appel irrecevable', 'outcome: "Loi 64B9 : appel irrecevable', pin=False),
     r"content/examples/fr/appel-hors-delai\.yaml:28: outcome: it cites 64B9, which Loi 64 has not"),
    ("seed case laws not a list", replace("content/examples/seed.yaml", 'laws: ["50"]', "laws: 50", pin=False),
     r"content/examples/seed\.yaml:\d+: seed case '[\w-]+': 'laws' must be a list"),
    ("seed case topic a list", replace("content/examples/seed.yaml", "topic: carte-penalisee", "topic: [carte-penalisee]", pin=False),
     r"content/examples/seed\.yaml:\d+: seed case '[\w-]+': 'topic' must be text"),
    ("situation moment a list", replace("content/situations.yaml", "moment: jeu-de-la-carte", "moment: [jeu-de-la-carte]", pin=False),
     r"content/situations\.yaml:\d+: situation '[\w-]+': unknown moment \['jeu-de-la-carte'\]"),
    ("glossary Quebec form in quotes", glossary(lambda d: d[0].update(qc=["« faute de fournir »"])),
     r"content/glossary\.yaml:\d+: term 'accord-sur-les-levees': 'qc' '« faute de fournir »' must begin with a letter or a digit"),
    ("glossary English name in quotes", glossary(lambda d: d[0].update(en='"revoke"')),
     r"content/glossary\.yaml:\d+: term 'accord-sur-les-levees': 'en' '\"revoke\"' must begin with a letter or a digit"),
    # a file beside the sources or the translation that nothing would read, said rather than left out
    ("source not in the manifest", write("content/sources/005_loi12.txt", "Loi 12 – Pouvoirs\n"),
     r"sources/manifest\.yaml: 005_loi12\.txt is in sources/ but has no entry here"),
    ("source language unknown", manifest(lambda t: t.replace("language: fr", "language: de", 1)), r"manifest\.yaml:\d+: language 'de'"),
    ("source author a list", manifest(lambda t: t.replace("author: Roger Larocque", "author: [Roger Larocque, Autre]")),
     r"manifest\.yaml:\d+: 'author' must be text"),
    ("absent title key misspelt", replace("content/sources/absent_titles.yaml", "  title: Enchère", "  titel: Enchère", pin=False),
     r"sources/absent_titles\.yaml:3: entry '27': unknown key 'titel' \(did you mean 'title'\?\)"),
    ("absent title of a law the sources give", replace("content/sources/absent_titles.yaml", '"27":', '"64":\n  title: x\n  en: y\n"27":', pin=False),
     r"sources/absent_titles\.yaml:3: Loi 64 is given by 000_15b7e5fa7bdf42e1\.txt"),
    ("translation of an absent law", write("content/translation/en/12.yaml", "{}\n"), r"content/translation/en/12\.yaml: Loi 12 is not in the sources"),
    ("translation file misnamed", write("content/translation/en/64.yml", "{}\n"), r"content/translation/en/64\.yml: not a translation file"),
    # a gap the pages could not show, or of the wrong shape: said at its line in the manifest
    ("gaps not a list", manifest(lambda t: t.replace("    gaps: []", "    gaps: aucune", 1)),
     r"sources/manifest\.yaml:35: 'gaps' must be a list of gaps"),
    ("gap on a provision the law has not", manifest(lambda t: t.replace('      - citation: "77"', '      - citation: "78Z9"', 1)),
     r"sources/manifest\.yaml:94: gap on Loi 78Z9, which Loi 78 does not have"),
    ("gap on a law no source gives", manifest(lambda t: t.replace('      - citation: "77"', '      - citation: "12"', 1)),
     r"sources/manifest\.yaml:94: gap on Loi 12, which no source gives"),
    ("gap with a bad citation", manifest(lambda t: t.replace('      - citation: "77"', '      - citation: "9x9"', 1)),
     r"sources/manifest\.yaml:94: gap with a bad citation: '9x9'"),
    ("commentary context a provision", manifest(lambda t: t.replace('    context: "61"', '    context: "61B"', 1)),
     r"sources/manifest\.yaml:137: context '61B': the number of the law the commentary is about"),
    ("commentary context no law", manifest(lambda t: t.replace('    context: "61"', '    context: "99"', 1)),
     r"sources/manifest\.yaml:137: context '99': the number of the law the commentary is about"),
    ("commentary slug with a path", manifest(lambda t: t.replace("slug: atelier-lois-les-plus-utilisees", "slug: ../../etc")),
     r"manifest\.yaml:\d+: slug '\.\./\.\./etc'"),
]


@pytest.mark.parametrize("what,change,error", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_an_error_with_its_place(tmp_path, capsys, what, change, error):
    root = project_copy(tmp_path / "p")
    change(root)
    status = main(["--root", str(root), "report"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if error is None:
        assert status == 0, err
        return
    assert status == 2, out[-500:]
    assert re.fullmatch(r"error: (?:[\w./-]*/)?" + error + r".*\n", err, re.S), err


def test_citations_with_a_leading_zero_or_out_of_range_are_reported(tmp_path, capsys):
    root = project_copy(tmp_path / "p")
    for rel, pin in ((LAWS_65, True), ("content/translation/en/73.yaml", False)):  # the translation follows the French
        replace(rel, "voir également la Loi 16B3.", "voir également la Loi 16B3, la Loi 05, la Loi 064, la Loi 0, la Loi 99 et la Loi 64Z9.", pin)(root)
    assert main(["--root", str(root), "report"]) == 0
    out = capsys.readouterr().out
    for text, reason in (("Loi 05", "malformed citation (a law number has no leading zero)"), ("Loi 064", "malformed citation"),
                         ("Loi 0", "no such law"), ("Loi 99", "no such law"), ("Loi 64Z9", "malformed citation")):
        assert re.search(rf"^unresolved reference \(kept as plain text\): 001_24f4e4c49b6593a4\.txt:239: {re.escape(reason)}.*'{text}'$", out, re.M), text


def test_every_yaml_file_refuses_a_key_given_twice():
    """The one loader of the content's YAML (interface strings, cases'
    and commentaries' files, configurations too) refuses a key given twice,
    at its line; a key repeated in two mappings is no repetition."""
    from codebridge.inputs import SourceError, parse_yaml

    with pytest.raises(SourceError) as caught:
        parse_yaml("a: 1\nb:\n  c: 2\n  c: 3\n", "content/x.yaml")
    assert str(caught.value) == "content/x.yaml:4: invalid YAML: 'c' is given twice in this mapping"
    assert parse_yaml("a: {c: 1}\nb: {c: 2}\n", "x.yaml") == {"a": {"c": 1}, "b": {"c": 2}}


def test_a_situation_given_a_key_twice_is_an_error(tmp_path, code):
    from codebridge import situations
    from codebridge.inputs import SourceError

    root = project_copy(tmp_path / "p")
    path = root / "content" / "situations.yaml"
    text = path.read_text(encoding="utf-8")
    old = '    provisions: ["14", "13"]\n'
    assert old in text
    path.write_text(text.replace(old, old + '    provisions: ["14"]\n', 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 2
    with pytest.raises(SourceError) as caught:
        situations.load(root, code)
    assert str(caught.value) == f"content/situations.yaml:{line}: not valid YAML: 'provisions' is given twice in this mapping"


def test_a_very_long_word_is_no_problem():
    """No recursion, no slowness: a token with no space is kept whole."""
    assert stems("fr", "x" * 100_000) == ["x" * 100_000]
    assert stems("fr", "s" * 5000 + " lois") == ["s" * 5000, "loi"]


def test_the_build_exits_2_on_bad_input(tmp_path, capsys):
    """`codebridge build` itself, not only the report."""
    root = project_copy(tmp_path / "p")
    write("content/translation/en/40.yaml", "- a\n")(root)
    assert main(["--root", str(root), "build", "--site-dir", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: content/translation/en/40.yaml: expected a mapping") and "Traceback" not in err


def test_a_failed_build_leaves_the_collector_as_it_was(tmp_path, capsys):
    """The build holds Python's garbage collector back while it runs: a
    build that stops on bad input gives it back as it found it."""
    import gc

    root = project_copy(tmp_path / "p")
    write("content/translation/en/40.yaml", "- a\n")(root)
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            assert main(["--root", str(root), "build", "--site-dir", str(tmp_path / "out")]) == 2
            assert gc.isenabled() is enabled and gc.get_freeze_count() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("text,error", [
    ("« {texte} »", r"content/strings/fr\.yaml:\d+: string 'links\.quote': placeholder \{texte\} is not one it is given \(\{text\}\)"),
    ("« {text »", r"content/strings/fr\.yaml:\d+: string 'links\.quote': expected '\}' before end of string"),
])
def test_an_interface_string_with_a_bad_placeholder_is_an_error_at_its_line(monkeypatch, text, error):
    """A string whose placeholder is misspelt, or whose brace is left open,
    is an error at the line that defines it, not a traceback of ``format``."""
    from codebridge import strings
    from codebridge.inputs import SourceError

    monkeypatch.setitem(strings.table("fr"), "links.quote", text)
    with pytest.raises(SourceError) as raised:
        strings.t("fr", "links.quote", text="x")
    assert re.fullmatch(error + ".*", str(raised.value)), raised.value


def test_a_folder_that_cannot_be_written_is_an_error(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("x", encoding="utf-8")
    assert main(["export", str(blocked / "data")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and re.fullmatch(r"error: .*file/data: Not a directory\n", err), err


def test_a_glossary_id_given_twice_is_said_at_its_second_term(tmp_path, capsys):
    root = project_copy(tmp_path / "p")
    glossary(lambda d: d.append(dict(d[0])))(root)
    lines = (root / "content" / "glossary.yaml").read_text(encoding="utf-8").splitlines()
    second = [i for i, line in enumerate(lines, start=1) if line.strip() == "- id: accord-sur-les-levees"][1]
    assert main(["--root", str(root), "report"]) == 2
    assert capsys.readouterr().err == f"error: content/glossary.yaml:{second}: term id 'accord-sur-les-levees' used twice\n"
