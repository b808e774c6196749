"""The "À propos" page: sources, credits, copyright, what is missing and why."""

from __future__ import annotations

from . import doc, labels
from .model import Code
from .render import law_runs, markdown, sic_mark
from .strings import t, template

def about_page(code: Code, lang: str, accounts: dict[str, dict[str, str]]) -> str:
    """content/templates/<lang>/a-propos.md, with the sources and the gaps
    read from the manifest. ``accounts``: file → the source's title, origin
    and credit in ``lang`` where it has them (a commentary's translation, a
    law source's English in the manifest); without one, the French is shown
    marked as French."""
    src = labels.ABOUT_SRC
    colon = t(lang, "links.colon")
    sources: list[doc.Node] = []
    for source in code.sources:
        own = accounts.get(source.file, {})

        def shown(key: str) -> doc.Inline:
            if lang == source.language:
                return getattr(source, key)
            return own.get(key) or doc.Tag("span", (getattr(source, key),), (("lang", source.language),))

        sources += [
            doc.Heading(3, (shown("title"),)),
            doc.Para((shown("origin"),)),
            doc.Items((
                (t(lang, "about.file") + colon, doc.Code(f"content/sources/{source.file}")),  # a plain name: sources.SOURCE_FILE
                (t(lang, "about.credit") + colon, shown("credit")),
            )),
        ]
    gaps = doc.Items(tuple(
        (doc.Link((labels.cite(gap.label, lang),), labels.href(src, gap.label)), colon + (gap.fr if lang == "fr" else gap.en))
        for gap in code.gaps
    ))
    typos = doc.Items(tuple(
        (_unit_link(code, typo.unit, typo.owner, src, lang), colon,
         doc.Tag("span", (t(lang, "links.quote", text=typo.text),), (("lang", "fr"),)),
         sic_mark(typo.read, lang))
        for typo in code.typos
    ))
    return template(lang, "a-propos", sources=markdown(sources).rstrip("\n"), gaps=markdown([gaps]).rstrip("\n"),
                    absent=markdown([doc.Para((absent_laws(code, lang),))]).rstrip("\n"),
                    typos=markdown([typos]).rstrip("\n"), **labels.section_ids("about"))


def absent_laws(code: Code, lang: str) -> str:
    """What the sources lack, said from the code, not written once for all:
    « Les Définitions et les Lois 1 à 39 ne figurent pas dans nos sources… »,
    until a file of those laws is added (then « toutes les lois y sont »);
    the Definitions too, once a source gives them."""
    absent = [law.number for law in code.laws if not law.present]
    given = ".given" if code.definitions is not None else ""  # the Definitions, when a source gives them, are not missing
    if not absent:
        return t(lang, "about.absent.none" + given)
    laws = law_runs(absent, lang)
    return t(lang, ("about.absent.one" if len(absent) == 1 else "about.absent.many") + given, laws=laws)


def _unit_link(code: Code, key: str, owner, src: str, lang: str) -> doc.Link:
    """A link from ``src`` to the text unit ``key`` of ``owner``: its
    provision, or the note it is ("Loi 45 · Note FFB (12)")."""
    note = labels.note_of_key(key)
    if note:
        law, marker = note
        text = labels.note_cite(law, marker, lang, code.law(law).is_national(marker))
        return doc.Link((text,), labels.page_href(src, labels.law_src(law), labels.note_id(law, marker)))
    return doc.Link((labels.cite(owner, lang),), labels.href(src, owner))
