"""A page for every folder URL (``lois/``, ``bilingue/``, ``r/``,
``commentaires/``, …): a host would otherwise answer 404 or list the files.

A folder that already has its ``index.md`` (made by the area that owns it)
keeps it; the others get a list of their pages, titled from the pages' own
front matter.
"""

from __future__ import annotations

import yaml

from . import doc, labels
from .patterns import FRONT_MATTER
from .render import law_heading, markdown
from .inputs import load_yaml
from .strings import table, t



def _title(content) -> str | None:
    if not isinstance(content, str):
        return None
    m = FRONT_MATTER.match(content)
    if not m:
        return None
    try:
        data = load_yaml(m["yaml"]) or {}
    except yaml.YAMLError:  # read as MkDocs reads it: a page whose meta it cannot parse has no title
        return None
    return str(data["title"]) if isinstance(data, dict) and data.get("title") else None


def _order(stem: str):
    try:
        return (0, labels.sort_key((stem,)))
    except ValueError:
        return (1, stem)


def indexes(site, pages: dict) -> dict[str, str]:
    """``<folder>/index.md`` for each top folder of ``pages`` holding pages
    (or short links) and no index of its own."""
    lang = site.lang
    folders: dict[str, list[str]] = {}
    for src in pages:
        placed = labels.folder_and_member(src)
        if placed is None:
            continue
        top, rest = placed
        if src.endswith(".md") or labels.is_short_link(src):
            folders.setdefault(top, []).append(rest)
    out = {}
    strings = table(lang)
    for top, members in sorted(folders.items()):
        if any(labels.is_folder_index(m) for m in members):
            continue
        key = f"publish.folder.{top}" if f"publish.folder.{top}" in strings else "publish.folder.other"
        title = t(lang, key)
        nodes: list[doc.Node] = [doc.Front(title=title), doc.Heading(1, (title,)), doc.Para((t(lang, key + ".intro"),))]
        if labels.folder_path(top) == labels.SHORT_LINKS:  # the short link of each law (those of provisions follow the same rule)
            items = []
            for law in site.code.laws:
                short = labels.short_path(law.label)
                items.append((doc.Link((short,), labels.short_file(short)[len(labels.SHORT_LINKS) :]), " — " + labels.cite(law.label, lang)))
        else:
            entries = []
            for rest in members:
                stem = labels.page_stem(rest)
                if labels.folder_path(top) == labels.LAWS:
                    law = site.code.law(stem)
                    name = law_heading(law, lang, site.layers.title(law))
                else:
                    name = _title(pages[labels.folder_member_src(top, rest)]) or stem
                entries.append((_order(stem.split("/")[0]), name, rest))
            items = [(doc.Link((name,), rest),) for _, name, rest in sorted(entries)]
        out[labels.folder_index_src(top)] = markdown(nodes + [doc.Items(tuple(items))])
    return out
