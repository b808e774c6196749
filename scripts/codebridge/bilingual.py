"""What ties the two languages together: the glossary page and the
alphabetical Index (the parallel view of each law, a walk over its units,
is rendered by ``render.parallel_page``).

The French site is at the root, the English one under ``en/``, with the same
paths; links between them are plain HTML (MkDocs knows one site at a time),
computed for either URL style (directory URLs online, ``.html`` offline).
"""

from __future__ import annotations

from . import doc, labels
from .glossary import Term, fold
from .render import markdown
from .strings import Area, other_language, t


def letters(keys: list[str], lang: str, src: str) -> doc.Block:
    """The A–Z links above a long list whose entries, sorted by their folded
    ``keys``, fall under a heading per first letter (``labels.letter_id``)."""
    present = sorted({key[:1].upper() for key in keys if key})
    links = doc.joined((doc.Link((letter,), labels.page_href(src, src, labels.letter_id(letter))) for letter in present), " ")
    return doc.Block("nav", (doc.Para(links),), (("class", "cb-letters"), ("aria-label", t(lang, "bilingual.letters"))))


def cited(label, text: str, lang: str, src: str, absent: frozenset[str], lost: frozenset = frozenset()) -> tuple:
    """A citation of the glossary or the Index: a link saying ``text``, and
    after it the mark of a law the sources lack (« texte à venir »), as on
    the home's cards: its page says no more than its title; or of a
    provision whose source kept only its heading (``Code.lost``: « texte
    perdu dans la source »)."""
    link = doc.Link((text,), labels.href(src, label))
    if label[0] in absent:
        return (link, " ", doc.Tag("span", (t(lang, "absent.mark"),), (("class", "cb-absent"),)))
    if label in lost:
        return (link, " ", doc.Tag("span", (t(lang, "gap.mark"),), (("class", "cb-absent"),)))
    return (link,)


def glossary_page(terms: tuple[Term, ...], lang: str, absent: frozenset[str] = frozenset(), lost: frozenset = frozenset()) -> str:
    """Every glossary term: the three vocabularies, a definition, provisions;
    in the order of their folded names (« écran » with the E), under a
    heading per letter, the letters linked above."""

    s = Area(lang, "bilingual")
    src = labels.GLOSSARY_SRC
    nodes: list[doc.Node] = [doc.Front(title=s["glossary"]), doc.Heading(1, (s["glossary"],)), doc.Para((s["glossary_intro"],))]
    keyed = sorted(((fold(term.name(lang)), term) for term in terms), key=lambda e: e[0])
    nodes.append(letters([key for key, _ in keyed], lang, src))
    letter = None
    for key, term in keyed:
        if key[:1].upper() != letter:
            letter = key[:1].upper()
            nodes.append(doc.Heading(2, (letter,), labels.letter_id(letter)))
        links = doc.joined(cited(label, labels.cite(label, lang), lang, src, absent, lost) for label in term.laws)
        head, other, definition = term.name(lang), other_language(lang), term.definition(lang)
        others = [(doc.Tag("span", (term.name(other),), (("lang", other),)), " ", s["lang_" + other])]
        if term.qc:
            others.append((doc.Tag("span", (", ".join(term.qc),), (("lang", "fr-CA"),)), " ", s["lang_qc"]))
        text = (doc.Strong((head,)), " — ", *doc.joined(others, doc.DOT), doc.Break(), definition)
        if links:
            text += (doc.Break(), *links)
        nodes.append(doc.Block("div", (doc.Para(text),), (("class", "cb-term"), ("id", labels.term_id(term.id)))))
    return markdown(nodes)


def absent_law_terms(terms: tuple[Term, ...], lang: str, absent: frozenset[str]) -> dict[str, tuple]:
    """On the page of each law the sources lack, by its end key: the
    glossary's terms that cite it, each linked to its entry, with its
    definition (what a reader can know of the law until its text comes:
    Law 16's page says what unauthorised information is)."""
    out: dict[str, tuple] = {}
    for number in sorted(absent, key=int):
        src = labels.law_src(number)
        cited = sorted((term for term in terms if any(label[0] == number for label in term.laws)), key=lambda term: fold(term.name(lang)))
        if not cited:
            continue
        items = tuple(
            (doc.Link((term.name(lang),), labels.page_href(src, labels.GLOSSARY_SRC, labels.term_id(term.id))), " — ", term.definition(lang))
            for term in cited
        )
        heading = doc.Heading(2, (t(lang, "bilingual.on_absent_law"),), labels.section_id("glossary.on_law"))
        out[labels.end_key(number)] = (heading, doc.Items(items))
    return out


def index_page(terms: tuple[Term, ...], documents: dict[str, list], lang: str, src: str, absent: frozenset[str] = frozenset(), lost: frozenset = frozenset()) -> str:
    """The alphabetical index, page ``src``: every glossary term → the
    provisions where it matters (``documents``, by term id: the full-text
    index's ``term_documents``), the glossary's own citations first (in bold)."""

    title = t(lang, "part.index")
    nodes: list[doc.Node] = [doc.Front(title=title), doc.Heading(1, (title,))]
    entries = []
    for term in terms:
        head, other = term.name(lang), term.name(other_language(lang))
        entries.append((fold(head), head, other, term))
        for variant in (term.qc if lang == "fr" else ()):
            entries.append((fold(variant), variant, (head, term.id), None))
    entries.sort(key=lambda e: e[0])
    nodes.append(letters([e[0] for e in entries], lang, src))
    letter, items = None, []
    for key, head, other, term in entries:
        first = key[:1].upper()
        if first != letter:
            if items:
                nodes.append(doc.Items(tuple(items)))
            letter, items = first, []
            nodes.append(doc.Heading(2, (first,), labels.letter_id(first)))
        if term is None:  # a synonym pointing to its main entry, a link to it
            main, main_id = other
            items.append((doc.Strong((head,)), " → ", doc.Link((doc.Em((main,)),), labels.here(labels.term_id(main_id)))))
            continue
        links = doc.joined(
            (doc.Strong(link[:1]), *link[1:]) if d.label in term.laws else link
            for d in documents[term.id]
            for link in [cited(d.label, labels.cite(d.label, lang), lang, src, absent, lost)]
        )
        definition = term.definition(lang)
        other_lang = other_language(lang)
        # the entry's place, which its synonyms link to (« ADD → adversaire de droite »)
        entry = doc.Tag("span", (doc.Strong((head,)),), (("id", labels.term_id(term.id)), ("class", "cb-entry")))
        item = (entry, " ", doc.Tag("span", (f"({other})",), (("class", "cb-other-lang"), ("lang", other_lang))), " — ", definition)
        items.append(item + ((" ", *links) if links else ()))
    if items:
        nodes.append(doc.Items(tuple(items)))
    return markdown(nodes)
