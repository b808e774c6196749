"""`make zensical`: build the generated French docs folder with Zensical as
well as MkDocs, and print what differs.

Zensical reads mkdocs.yml but runs no MkDocs plugins or hooks; the docs folder
that `codebridge build` writes (build/docs/fr/) is complete without them, so
both engines can build it. Compared page by page: the set of pages, the ids
in each page (the permanent anchors), and the text of each page's article.

    python scripts/zensical_check.py PATH-TO-ZENSICAL
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]

from codebridge import build, engine  # noqa: E402


def pages(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*.html") if not p.relative_to(site).as_posix().startswith("en/")}


def main(zensical: str) -> int:
    out = ROOT / "build" / "zensical"
    mkdocs_site, zensical_site = out / "mkdocs", out / "zensical"
    _, nav, _ = build.write_docs(ROOT, "fr")
    for site in (mkdocs_site, zensical_site):
        shutil.rmtree(site, ignore_errors=True)
    config = build.engine_config(ROOT, "fr", nav, mkdocs_site)
    if not engine.run_mkdocs(config):
        return 1
    config = build.engine_config(ROOT, "fr", nav, zensical_site, name="zensical.fr.yml")
    done = subprocess.run([zensical, "build", "-f", str(config)], cwd=config.parent)
    if done.returncode != 0:
        print("Zensical failed on build/docs/fr/ (see above)")
        return 1
    a, b = pages(mkdocs_site), pages(zensical_site)
    print(f"pages: MkDocs {len(a)}, Zensical {len(b)}; only MkDocs: {sorted(set(a) - set(b))[:10]}; only Zensical: {sorted(set(b) - set(a))[:10]}")
    ids_differ, text_differ, extra_ids = [], [], set()
    for page in sorted(set(a) & set(b)):
        sa = BeautifulSoup(a[page].read_text(encoding="utf-8"), "html.parser")
        sb = BeautifulSoup(b[page].read_text(encoding="utf-8"), "html.parser")
        ia = {t["id"] for t in sa.select("article [id]") if not t["id"].startswith("__")}
        ib = {t["id"] for t in sb.select("article [id]") if not t["id"].startswith("__")}
        if ia != ib:
            ids_differ.append((page, sorted(ia - ib)[:5], sorted(ib - ia)[:5]))
        extra_ids |= {t["id"] for t in sb.select("[id]")} - {t["id"] for t in sa.select("[id]")}
        ta, tb = (s.select_one("article") or s for s in (sa, sb))
        if "".join(ta.get_text().split()) != "".join(tb.get_text().split()):  # code highlighting splits tokens differently
            text_differ.append(page)
    print(f"anchors in the article differ on {len(ids_differ)} pages" + (f": {ids_differ[:5]}" if ids_differ else ""))
    print(f"article text differs on {len(text_differ)} pages" + (f": {text_differ[:10]}" if text_differ else ""))
    print(f"ids Zensical adds outside the article: {sorted(extra_ids)[:10]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "zensical"))
