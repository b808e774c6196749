"""The full-text index: one Whoosh document per provision, FFB note and
commentary page, in one language.

Documents are made from the model (``documents``), analysed by ``analysis``
and scored by Whoosh's BM25F, a law's or section's title weighing more than a
passing mention. On top of Whoosh, ``SearchIndex.search`` reads a query the
way people type it:

    a citation ("64B7", "loi 64 b 7")   → that provision first
    a known word, in any accent         → its stem
    the last word, while typing         → every stem of a word it begins
    an unknown word                     → the stems of words it begins, else
                                          of words one or two edits away (a typo)
    a glossary form (Quebec, English),  → also the term's other forms
      even completed or mistyped
    an abbreviation in capitals ("SA")  → kept, though "sa" is a stop word
    a word this language does not read  → also the other language's reading:
      ("insufficient" on the French        in its headings and its phrasings of
      site, « insuffisante » on the        the situations (``OTHER_MARK``)
      English one)

The browser index (``searchdata``) ships the same stems, scores and rules, so
the page ranks as ``codebridge search`` does; ``RANKING`` holds the weights
both use.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Container, Iterable, Literal, Sequence

from whoosh import fields
from whoosh.filedb.filestore import RamStorage
from whoosh.codec.whoosh3 import W3Codec
from whoosh.scoring import BM25F, bm25
from whoosh.util.numeric import byte_to_length, length_to_byte

from . import analysis, labels
from .patterns import BARE_NUMBER, CITED_LAW, LABEL_KEY
from .glossary import Term
from .layers import keyed, note_key, strip_calls
from .model import Code, Label, Source, Typo
from .situations import Situation
from .strings import LANGS, other_language, t
from .translation import Translation

# A worked example retells the law in its own words: its text is a field of
# its own, weighted below the law's, so that a provision outranks the cases
# quoting it for the law's words, and so that the cases leave the laws'
# field statistics (lengths) as they are.
CASE_WEIGHT = 0.4

# Field weights (Whoosh field boosts): a word of a title says what the
# provision is about.
FIELD_BOOSTS = {"title": 3.0, "gloss": 1.0, "text": 1.0, "context": 0.25, "case": CASE_WEIGHT, "other_title": 3.0, "other": 1.0}
# The "other" fields hold a law's or provision's heading in the other
# language, and what the glossary says there of a law the sources lack,
# read by that language's analyzer, each stem marked: "insufficient" typed
# on the French site, or « insuffisante » on the English one, finds Law 27
# when no word of the site's own language reads so (``SearchIndex.clauses``).
# Headings, not the whole text: a word typed in the other language names a
# topic, and the browser index stays light (the whole text would add a
# third to it).
OTHER_FIELDS = ("other_title", "other")
OTHER_MARK = "~"
# What a document says itself, without the titles above it: what "See also"
# compares and the alphabetical Index lists.
OWN_FIELDS = ("title", "gloss", "text")
# BM25F's B by field, where it is not Whoosh's 0.75: a gloss is a few words
# whatever its length says.
FIELD_B = {"gloss": 0.2}

RANKING = {
    "prefix": 0.6,  # a stem reached by completing the word being typed …
    "prefix_word": 0.3,  # … when that word is a whole word already ("mise" may still become "misexplanation")
    "fuzzy1": 0.7,  # a stem reached through one edit (a typo)
    "fuzzy2": 0.5,  # … through two edits, for words of 8 letters or more
    "inflection": 1.0,  # … through a final letter of a plural or feminine added or dropped (``analysis.INFLECTION_ENDINGS``: « plis », « sortie »)
    "synonym": 0.9,  # another form of the same glossary term
    "other": 0.5,  # a word of the other language, which this one does not read (``OTHER_MARK``), in the text …
    "other_situation": 1.0,  # … and in the situations' phrasings
    "title": 1.0,  # bonus for a title the query covers: × (1 + title × share²)
    "max_prefix": 12,  # stems tried for a word being typed
    "max_fuzzy": 6,  # stems tried for an unknown word
    "root": 0.6,  # a stem reached through the root of an unknown word (``SearchIndex._roots``)
    "root_min": 5,  # letters a root keeps at least
    "diverse": 5,  # the first results, where …
    "per_law": 2,  # … at most this many of a law's own documents, unless the query names it
    "situation": 0.2,  # least closeness of a query to a situation for it to offer its provisions (a long question dilutes it)
    "situations": 2,  # situations offered at most
    "one_word_idf": 4.3,  # a one-word query tells a situation whose title says it, if at most 3 situations of 225 say it
    "fusion_k": 3,  # a text result of rank r (from 0) scores share² / (fusion_k + r) in the merge …
    "situation_weight": 0.25,  # … a situation's first provision adds this × closeness …
    "sentence_weight": 0.4,  # … or, in a query of ``sentence`` words or more, this × closeness ** sentence_power when more
    "sentence_power": 2,  # (a situation told weakly, by a word or two of a phrasing, is lifted no more than by keywords)
    "sentence": 3,  # (a sentence of the table's, where one or two words are keywords)
    "situation_decay": 0.5,  # … and each next provision this much of the previous one's
    "parts_window": 20,  # a situation's provision is followed by the first of its parts the text ranks in its first this many
    "texts_first": 3,  # the first results, which are the law's texts found among …
    "texts_window": 10,  # … the first this many, before a case or commentary the query does not name (``texts_first``)
}

# Stems of the words that cite ("voir Loi 45C4(b)"), left out of "See also".
CITATION_WORDS = {"loi", "law", "voir", "see", "annex", "annexe"}

# Kinds of documents that come after the law's own provisions for the same
# words: what others say about the law (commentaries, worked cases).
SECONDARY_KINDS = frozenset({"commentary", "case", "tool"})
# … of which those that retell rulings in the table's words: after the
# law's texts in the first results (``law_first``, ``texts_first``).
RETELLING_KINDS = frozenset({"commentary", "case"})
# Kinds that are a law's own text: in the first results, at most
# ``RANKING["per_law"]`` of one law, unless the query names it.
LAW_KINDS = frozenset({"law", "provision", "note"})

PASSAGE_WORDS = 50  # a commentary is indexed in passages of about this many words


@dataclass(frozen=True)
class Document:
    """What search returns: a provision, a law (its title and opening
    alinéas), an FFB note or a commentary page."""

    key: str  # unique: the anchor, "note-41-11", "commentaire-<slug>-<passage>"
    kind: Literal["definition", "law", "provision", "note", "commentary", "case", "tool"]
    law: str  # the law it belongs to ("" for a commentary)
    label: Label | None
    citation: str  # "Loi 64B7", "Loi 41 · note FFB (11)"
    heading: str  # its title, or the nearest title above it
    title: str  # its own title (weighted)
    text: str  # its own text (the snippet)
    gloss: str = ""  # for an absent law: the glossary terms citing it, with their definitions; else the readings of its slips
    context: str = ""  # the titles above it (its law's, its section's): what it is about
    url: str = ""  # relative to the site root
    search_key: str = ""  # ``labels.search_key`` of its label
    present: bool = True  # False for the page of a law the sources lack, and a provision whose text they lost (``Code.lost``)
    slips: tuple[tuple[int, str], ...] = ()  # where a slip of the source ends in ``text``, and our reading of it

    def __repr__(self) -> str:
        return f"Document({self.key})"

    @property
    def secondary(self) -> bool:
        """A commentary passage, a case, an absent law's page or a provision
        whose text the sources lost (its heading alone: Law 75's): for the
        same words of a query, a provision with text comes before it (unless
        the query names it, see ``SearchIndex.rank``)."""
        return self.kind in SECONDARY_KINDS or (self.kind in ("law", "provision") and not self.present)


def documents(
    code: Code,
    lang: str,
    translation: Translation,
    terms: Iterable[Term] = (),
    *,
    commentaries: Iterable[tuple[Source, str, list[tuple[str, str]]]] = (),
    cases: Iterable[tuple[str, str, str, str]] = (),
    tools: Iterable[tuple[str, str, str, str]] = (),
    directory_urls: bool = True,
) -> list[Document]:
    """Every searchable document of one language's site, in code order.

    ``translation`` gives the units' texts in ``lang``; ``commentaries`` are
    (source, page source path, [(paragraph anchor, text)]) for the commentary
    pages the site has; ``cases`` are (id, URL, title, text) of the worked
    examples, one document each, landing on the case page; ``tools`` the
    same of the calculators and the revoke helper, landing on the tool.
    """
    # A law the sources lack is known by its title and by what the glossary
    # says of it: the terms citing it and their definitions.
    gloss: dict[Label, list[Term]] = {}
    for term in terms:
        for label in term.laws:
            gloss.setdefault(label, []).append(term)

    def glossed(label: Label, title: str) -> str:
        """What the glossary says of an absent law: its terms' forms and
        definitions, first those of the terms its title names, the longest
        name first (Law 27's « enchère insuffisante » before « enchère »,
        then « déclaration comparable »: a result shows the beginning)."""
        said = analysis.fold(title)

        def order(term: Term) -> tuple:
            name = analysis.fold(term.name(lang))
            return (name not in said, -len(name) if name in said else 0)

        cited = sorted(gloss.get(label, []), key=order)
        return " · ".join(text for term in cited for text in term.forms(lang) + (term.definition(lang),))

    out: list[Document] = []
    mark = t(lang, "absent.mark")  # a law the sources lack says so where it is listed ("Loi 30 — texte à venir")
    # so does a law or provision whose text a source lost, when nothing of it is left but headings (Law 75)
    lost, lost_mark = code.lost, t(lang, "gap.mark")

    # the readings of the source's slips, where its French is the text searched
    # ("déroulement" finds 82A, whose source says « déroulemet »)
    # and their places in the text, where the result's snippet says our reading
    readings: dict[str, list[str]] = {}
    slips: dict[str, list[Typo]] = {}
    for typo in code.typos:
        if not translation.text(typo.unit, ""):  # the French, not a translation of it
            readings.setdefault(typo.unit, []).append(typo.read)
            slips.setdefault(typo.unit, []).append(typo)

    def read(label: Label, content) -> str:
        return " ".join(r for key, _ in keyed(label, content) if key is not None for r in readings.get(key, ()))

    def said(title: str, label: Label) -> str:
        if title and label in lost:
            return f"{title} ({lost_mark})"
        return title

    # the Definitions, when a source gives them: a term each, in French on both sites
    for entry in code.definitions.entries if code.definitions is not None else ():
        anchor = labels.definition_id(entry.term)
        out.append(
            Document(
                key=labels.definition_doc_key(entry.term),
                kind="definition",
                law="",
                label=None,
                citation=t(lang, "search.definition"),
                heading=entry.term,
                title=entry.term,
                text=" ".join(entry.paragraphs),
                url=labels.page_fragment_url(labels.DEFINITIONS_SRC, anchor, directory_urls),
            )
        )
    for law in code.laws:
        markers = {n.marker for n in law.notes}
        law_title = _words(translation, labels.title_key(law.label), law.title, markers) if law.title else ""
        heading = said(law_title, law.label) if law.present else (f"{law_title} ({mark})" if law_title else mark)
        if not law.present and gloss.get(law.label):  # its result shows what the glossary says of it (``shown_text``)
            heading += t(lang, "search.gloss")
        text, marks = _own_text(law.label, law.content, translation, markers, slips)
        out.append(
            Document(
                key=labels.anchor(law.label),
                kind="law",
                law=law.number,
                label=law.label,
                citation=labels.cite(law.label, lang),
                heading=heading,
                title=law_title,
                text=text,
                slips=marks,
                gloss=read(law.label, law.content) if law.present else glossed(law.label, law_title),
                url=labels.url(law.label, directory_urls),
                search_key=labels.search_key(law.label),
                present=law.present,
            )
        )
        if not law.present:
            continue
        headings = {law.label: law_title}
        above = {law.label: [law_title] if law_title else []}
        for p in law.provisions():
            title = _words(translation, labels.title_key(p.label), p.title, markers) if p.title else ""
            headings[p.label] = title or headings[p.label[:-1]]
            above[p.label] = above[p.label[:-1]] + ([title] if title else [])
            text, marks = _own_text(p.label, p.content, translation, markers, slips)
            out.append(
                Document(
                    key=labels.anchor(p.label),
                    kind="provision",
                    law=law.number,
                    label=p.label,
                    citation=labels.cite(p.label, lang),
                    heading=said(headings[p.label], p.label),
                    title=title,
                    text=text,
                    slips=marks,
                    gloss=read(p.label, p.content),
                    context=" · ".join(above[p.label[:-1]]),
                    url=labels.url(p.label, directory_urls),
                    search_key=labels.search_key(p.label),
                    present=p.label not in lost,
                )
            )
        for note in law.notes:
            nid = labels.note_id(law.number, note.marker)
            out.append(
                Document(
                    key=nid,
                    kind="note",
                    law=law.number,
                    label=None,
                    citation=labels.note_cite(law.number, note.marker, lang, note.national),
                    search_key=labels.note_search_key(note.marker),
                    heading=law_title,
                    title="",
                    text=(text := translation.text(note_key(law.number, note), note.text)),
                    slips=_slips_in(text, slips.get(note_key(law.number, note), ())),
                    gloss=" ".join(readings.get(note_key(law.number, note), ())),
                    context=law_title,
                    url=labels.fragment_url(law.number, nid, directory_urls),
                )
            )
    for source, src, paragraphs in commentaries:
        # passages of a few paragraphs, so that a long page is not outweighed
        # by its length, and the result lands on the passage (#p12)
        for i, (anchor, passage) in enumerate(passages(paragraphs)):
            out.append(
                Document(
                    key=labels.commentary_doc_key(source.slug, i + 1),
                    kind="commentary",
                    law="",
                    label=None,
                    citation=t(lang, "search.commentary"),
                    heading=source.title,
                    title="",
                    text=passage,
                    url=labels.page_fragment_url(src, anchor, directory_urls),
                )
            )
    for case_id, url, title, text in cases:
        # the title goes in the text, not the title field: a case's title
        # restates the law, and must not win the title bonus over it
        out.append(
            Document(
                key=labels.case_doc_key(case_id),
                kind="case",
                law="",
                label=None,
                citation=t(lang, "examples.search"),
                heading=title,
                title="",
                text=f"{title}. {text}",
                url=url,
            )
        )
    for name, url, title, text in tools:
        out.append(
            Document(
                key=labels.tool_doc_key(name),
                kind="tool",
                law="",
                label=None,
                citation=t(lang, "search.tool"),
                heading=title,
                title=title,  # "calculer une marque" names the tool
                text=text,
                url=url,
            )
        )
    return out


def passages(paragraphs: list[tuple[str, str]], size: int = PASSAGE_WORDS) -> list[tuple[str, str]]:
    """Paragraphs (anchor, text) grouped into passages of about ``size``
    words; each passage keeps the anchor of its first paragraph."""
    out, anchor, current = [], None, []
    for para_anchor, text in paragraphs:
        if anchor is None:
            anchor = para_anchor
        current += text.split()
        if len(current) >= size:
            out.append((anchor, " ".join(current)))
            anchor, current = None, []
    if current:
        out.append((anchor, " ".join(current)))
    return out


def _words(translation: Translation, key: str, fr: str, markers: set[str]) -> str:
    """A unit's text in ``translation`` without the calls of its law's notes
    (``markers``): a note call is not a word of the text, "(27)" leaks into
    no heading or snippet."""
    text = translation.text(key, fr)
    return strip_calls(text, markers) if markers else text


Slips = tuple  # of (offset, reading): where a slip of the source ends in a document's text, and our reading of it


def _own_text(label: Label, content, translation: Translation, markers: set[str], slips: dict[str, list[Typo]]) -> tuple[str, Slips]:
    """The alinéas and dashed items of a law or provision, not its
    children's; and where the source's slips (``slips``, by unit) end in it."""
    parts, marks, at = [], [], 0
    for key, item in keyed(label, content):
        if key is not None:
            lead = "– " if item.kind == "item" else ""
            words = _words(translation, key, item.text, markers)
            marks += [(at + len(lead) + end, read) for end, read in _slips_in(words, slips.get(key, ()))]
            parts.append(lead + words)
            at += len(lead) + len(words) + 1
    return " ".join(parts), tuple(marks)


def _slips_in(text: str, typos: Iterable[Typo]) -> Slips:
    """Where each slip of a unit ends in its ``text``, with our reading
    (the slip is found once in the unit: ``parse.read_typos``)."""
    return tuple((i + len(typo.text), typo.read) for typo in typos if (i := text.find(typo.text)) >= 0)


# --------------------------------------------------------------------------
# Queries


@dataclass(frozen=True)
class Alternative:
    """Stems that must all be in a document, and how much they count."""

    stems: tuple[str, ...]
    weight: float


@dataclass(frozen=True)
class Clause:
    """One word of the query and what may stand for it."""

    word: str
    alternatives: tuple[Alternative, ...]


@dataclass(frozen=True)
class Hit:
    """A document found, with its score."""

    doc: Document
    score: float
    stems: frozenset[str] = field(default_factory=frozenset)  # what matched, to highlight
    matched: int = 0  # words of the query it matched
    sure: float = 0.0  # … each counted as surely as it was read (``scored``)
    why: str = ""  # the id of the situation that offered it, if one did
    first: bool = True  # it stands with the law's text (``rank``): a secondary document not named counts one word less


def edit_distance(a: str, b: str, limit: int) -> int:
    """Edits from one word to the other (a letter added, dropped, changed, or
    two neighbours swapped: "arbirte" is one edit from "arbitre"), or
    ``limit + 1`` once it exceeds ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        cur = [i]
        for j, cb in enumerate(b, start=1):
            d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if before is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                d = min(d, before[j - 2] + 1)
            cur.append(d)
        if min(cur) > limit:
            return limit + 1
        before, prev = prev, cur
    return prev[-1]


def doubled_once(word: str, form: str) -> bool:
    """Whether ``form`` is ``word`` with one of its letters doubled
    ("dumy" → "dummy", "asistant" → "assistant")."""
    return len(form) == len(word) + 1 and any(form[i] == form[i + 1] and form[:i] + form[i + 1 :] == word for i in range(len(word)))


def inflected_once(word: str, form: str, endings: str) -> bool:
    """Whether ``word`` and ``form`` differ by one final letter of
    ``endings`` (``analysis.INFLECTION_ENDINGS``), one having it and the
    other not: a plural or a feminine (« plis » of « pli », « sortie » of
    « sorti », "cards" of "card")."""
    short, long = sorted((word, form), key=len)
    return len(long) == len(short) + 1 and long.startswith(short) and long[-1] in endings


def fuzzy_limit(word: str) -> int:
    """Edits allowed for an unknown word: none under 4 letters, two from 8
    (and from 6 when no word is one edit away: ``SearchIndex._near``); none
    for a word with a digit ("2017" is not "2015", "1430" not "1440")."""
    if any(c.isdigit() for c in word):
        return 0
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def kept_words(terms: Iterable[Term]) -> frozenset[str]:
    """"SA", "XX", "ADG"…: the glossary's abbreviations, in both languages,
    which the analyzer keeps (``analysis.abbreviations``)."""
    return analysis.abbreviations(f for term in terms for lang in LANGS for f in term.forms(lang))


@dataclass
class Analysed:
    """What the analyzer made of texts, by kind (a field's postings: each
    word's UTF-8, frequency, weight and encoded frequency, as Whoosh's field
    gives its writer; the stems and the surface forms of a text; the stem of
    a surface form, ``SearchIndex.forms``): those of an earlier index
    (``before``), taken instead of analysing a text again, and those this
    index used (``now``), for the next one. Each is a tuple, kept as it is
    (``searchcache`` writes them with ``marshal``, which reads tuples and
    bytes back as they were)."""

    before: dict[str, dict[str, tuple]] = field(default_factory=dict)
    now: dict[str, dict[str, tuple]] = field(default_factory=dict)

    def kept(self, kind: str, text: str) -> tuple | None:
        """What ``kind`` is of ``text``, when this index or the last one
        analysed it (then this index uses it); else None: the caller
        analyses it and gives it to ``made``."""
        now = self.now.setdefault(kind, {})
        got = now.get(text)
        if got is None:
            got = self.before.get(kind, {}).get(text)
            if got is not None:
                now[text] = got
        return got

    def made(self, kind: str, text: str, value: Iterable) -> tuple:
        """``value``, what ``kind`` is of ``text`` analysed now, kept."""
        got = self.now.setdefault(kind, {})[text] = tuple(value)
        return got


class _Text(fields.TEXT):
    """A text field whose postings of a text are taken from ``Analysed``
    when it has them. Whoosh keeps the schema pickled: the pickle holds the
    field alone, which then analyses every text."""

    def __init__(self, analysed: Analysed | None, name: str, **kw):
        super().__init__(**kw)
        self._analysed, self._kind = analysed, f"postings {name}"

    def index(self, value, **kw):
        if self._analysed is None or not isinstance(value, str) or kw:
            return super().index(value, **kw)
        got = self._analysed.kept(self._kind, value)
        return got if got is not None else self._analysed.made(self._kind, value, super().index(value))

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k != "_analysed"}

    def __setstate__(self, state):
        self.__dict__.update(state, _analysed=None)


class SearchIndex:
    """The full-text index of one language: the postings of a Whoosh index
    and their BM25F scores, with the surface forms, glossary synonyms and
    citation keys that search needs."""

    def __init__(
        self,
        docs: list[Document],
        lang: str,
        terms: Iterable[Term] = (),
        situations: Iterable[Situation] = (),
        analysed: Analysed | None = None,
        other: Iterable[Document] = (),
    ):
        """``analysed``: what the analyzer made of texts before (same
        language, glossary and code: ``searchcache.analysed``), taken instead
        of analysing them again; it records what this index uses.
        ``other``: the laws' and provisions' documents of the other
        language's site, whose headings the Index checks (``term_documents``)."""
        self.docs = docs
        self.lang = lang
        self.other = {d.key: d for d in other}
        self.other_lang = other_language(lang)
        self.terms = tuple(terms)
        # the situations told in this language (``situations``): matched apart from the text
        self.situations = tuple(s for s in situations if s.telling(lang))
        self.keep = kept_words(self.terms)
        self.analysed = analysed if analysed is not None else Analysed()
        analyzers = {name: analysis.analyzer(lang, keep=self.keep) for name in FIELD_BOOSTS}
        for name in OTHER_FIELDS:
            analyzers[name] = analysis.analyzer(self.other_lang, keep=self.keep, mark=OTHER_MARK)
        # each field as Whoosh's writer takes it (its postings kept in ``analysed``)
        self._fields = {name: _Text(self.analysed, name, analyzer=analyzers[name], field_boost=FIELD_BOOSTS[name], phrase=False) for name in FIELD_BOOSTS}
        # the scores' weighting: Whoosh's BM25F, the gloss field with its own B
        self.weighting = BM25F(**{f"{name}_B": b for name, b in FIELD_B.items()})
        self._number = {d.key: i for i, d in enumerate(docs)}
        self._stem_scores: dict[tuple[str, bool], dict[int, float]] = {}

    @cached_property
    def whoosh(self):
        """The Whoosh index of these documents, built when asked for: the
        scores (``_field_scores``) are computed from the same postings and
        lengths without it, and ``tests/test_search.py`` checks them against
        its scorer, to the last bit. A hit's document is ``docs[hit number]``:
        the index stores nothing of it, nor the words' positions (a phrase
        is read in the stems, ``_says``)."""
        ix = RamStorage().create_index(fields.Schema(**self._fields))
        # the index lives in memory: compressing its postings would buy nothing
        writer = ix.writer(codec=W3Codec(compression=0))
        values = self._field_texts
        for n in range(len(self.docs)):
            writer.add_document(**{name: values[name][n] for name in FIELD_BOOSTS})
        writer.commit()
        return ix

    @cached_property
    def searcher(self):
        """A searcher of the Whoosh index (``whoosh``), with the weighting the scores use."""
        return self.whoosh.searcher(weighting=self.weighting)

    def close(self) -> None:
        if "searcher" in self.__dict__:
            self.searcher.close()

    # -- vocabulary ------------------------------------------------------------
    def _stems(self, text: str) -> list[str]:
        got = self.analysed.kept("stems", text)
        return list(got if got is not None else self.analysed.made("stems", text, analysis.stems(self.lang, text, self.keep)))

    def _surface_forms(self, text: str):
        got = self.analysed.kept("forms", text)
        return iter(got if got is not None else self.analysed.made("forms", text, analysis.surface_forms(self.lang, text, self.keep)))

    @cached_property
    def forms(self) -> dict[str, str]:
        """Every folded surface form of the corpus and of the glossary → its stem."""
        out: dict[str, str] = {}
        texts = [t for d in self.docs for t in (d.title, d.text, d.gloss)]
        texts += [form for term in self.terms for lang in LANGS for form in term.forms(lang)]
        found = {form for text in texts for form, _, _ in self._surface_forms(text)}
        lang, analysed = self.lang, self.analysed
        for form in found:  # each stem kept as a 1-tuple, as ``Analysed`` keeps what it is given
            got = analysed.kept("stem", form)
            out[form] = (got if got is not None else analysed.made("stem", form, (analysis.stem(lang, form),)))[0]
        # numbers in figures and in words, as typed: the page looks up "12e"
        for figures, word in analysis.numbers(self.lang).items():
            out[figures] = out[word] = self._stems(word)[0]
        return dict(sorted(out.items()))

    @cached_property
    def other_texts(self) -> list[tuple[str, str]]:
        """Each document's words in the other language (its ``OTHER_FIELDS``):
        a law's or provision's title there, and a law's gloss (what the
        glossary says of a law the sources lack); nothing for the rest."""
        out = []
        for doc in self.docs:
            twin = self.other.get(doc.key) if doc.kind in ("law", "provision") else None
            out.append((twin.title, twin.gloss if twin.kind == "law" else "") if twin is not None else ("", ""))
        return out

    @cached_property
    def other_forms(self) -> dict[str, str]:
        """Every folded surface form of the other language's texts (``other_texts``)
        → its marked stem, for the forms this site's words do not read (a
        form it lacks, or one whose stem no document holds: "insufficient",
        a glossary form on the French site). ``clauses`` reads a word there
        when its own reading finds nothing."""
        return self._other_readings(text for texts in self.other_texts for text in texts)

    def _other_readings(self, texts: Iterable[str]) -> dict[str, str]:
        """The folded surface forms of ``texts``, in the other language, that
        this site's words do not read (``other_forms``) → their marked stems."""
        own = self.forms
        found = {form for text in texts if text for form, _, _ in self._other_lang_forms(text)}
        return {
            form: OTHER_MARK + self._other_lang_stem(form)
            for form in sorted(found)
            if own.get(form) is None or not self.stem_scores(own[form])
        }

    @cached_property
    def situation_other_forms(self) -> dict[str, str]:
        """``other_forms`` with the words of the situations' titles and
        phrasings in the other language: « il a montré ses cartes » on the
        English site tells the claim as it does on the French one."""
        return dict(sorted({**self.other_forms, **self._other_readings(self._other_tellings_texts)}.items()))

    @cached_property
    def _other_tellings_texts(self) -> list[str]:
        return [text for s in self.situations if (telling := s.telling(self.other_lang)) for text in (telling.title,) + telling.phrasings]

    @cached_property
    def synonyms(self) -> list[tuple[tuple[str, ...], ...]]:
        """For each glossary term, its forms in both languages as stem
        sequences (the site's analyzer), distinct and non-empty. A form of
        the other language that reads, once folded and stemmed here, as a
        form of another term in this site's language is left out: it would
        take a word of this language for the wrong term (the English
        "declarer", read by the French analyzer, is the verb « déclarer »,
        a form of « déclaration », the call; the French « déclarer », read
        by the English one, is "declarer", the player)."""
        own = {tuple(self._stems(form)): i for i, term in enumerate(self.terms) for form in term.forms(self.lang)}
        out = []
        for i, term in enumerate(self.terms):
            phrases = []
            for lang in LANGS:
                for form in term.forms(lang):
                    stems = tuple(self._stems(form))
                    if lang != self.lang and own.get(stems, i) != i:
                        continue
                    if stems and stems not in phrases:
                        phrases.append(stems)
            if len(phrases) > 1:
                out.append(tuple(phrases))
        return out

    def stem_scores(self, stem: str, own: bool = False) -> dict[int, float]:
        """Document number → BM25F score of one stem, summed over the fields
        (what an OR of the stem in every field scores in Whoosh), in
        hundredths; with ``own``, over the document's own fields only."""
        if (stem, own) not in self._stem_scores:
            # both sums in one reading of the postings, each field added in
            # FIELD_BOOSTS' order (the own fields come first)
            mine: dict[int, float] = {}
            for name in OWN_FIELDS:
                self._add_scores(name, stem, mine)
            scores = dict(mine)
            for name in FIELD_BOOSTS:
                if name not in OWN_FIELDS:
                    self._add_scores(name, stem, scores)
            # kept to hundredths, as the browser index ships them, so that
            # the page and ``search`` rank alike
            for key, sums in (((stem, True), mine), ((stem, False), scores)):
                self._stem_scores[key] = {n: max(1, round(s * 100)) / 100 for n, s in sums.items()}
        return self._stem_scores[stem, own]

    def _add_scores(self, name: str, stem: str, scores: dict[int, float]) -> None:
        """Add the BM25F scores of ``stem`` in field ``name`` to ``scores``."""
        for n, score in self._field_scores[name].get(stem, {}).items():
            scores[n] = scores.get(n, 0.0) + score

    @cached_property
    def _field_scores(self) -> dict[str, dict[str, dict[int, float]]]:
        """Field → stem → document number → the stem's BM25F score there.
        Each score is what Whoosh's scorer gives (``whoosh.scoring.bm25`` of
        its statistics: the field's length in the document, as the index
        keeps it, and on average; the term's idf, ``log(N / (df + 1)) + 1``
        as ``WeightingModel.idf`` has it), without a scorer made for every
        field and stem, and without the index: the postings are the ones
        its writer takes (``Analysed``; their count in a field is the term's
        document frequency), each weight kept as Whoosh keeps it (a 32-bit
        float: a case's are 0.4 times a count), each document's length in a
        field summed and kept in a byte as Whoosh's writer does (``W3Codec``:
        exact up to 10 words, within a tenth above). Building the
        index only to read these back took a fifth of a second per language."""
        weighting, count = self.weighting, len(self.docs)
        out: dict[str, dict[str, dict[int, float]]] = {}
        for name in FIELD_BOOSTS:
            B = FIELD_B.get(name, weighting.B)
            text_field = self._fields[name]
            postings: dict[str, list[tuple[int, float, float]]] = {}
            total = 0  # the field's length in every document, as Whoosh sums it
            for n, value in enumerate(self._field_texts[name]):
                if value:
                    found = text_field.index(value)  # what the writer would take: kept, or analysed now
                    length = sum(freq for _, freq, _, _ in found)
                    total += length
                    # the length as the index keeps it: one byte, a logarithmic approximation
                    length = byte_to_length(length_to_byte(length))
                    for word, _, weight, _ in found:
                        postings.setdefault(word.decode("utf-8"), []).append((n, _float32(weight), length))
            K1, average = weighting.K1, (total / count if count else 0) or 1
            out[name] = {
                stem: {n: bm25(idf, weight, length, average, B, K1) for n, weight, length in found}
                for stem, found in postings.items()
                for idf in (math.log(count / (len(found) + 1)) + 1,)
            }
        return out

    @cached_property
    def _field_texts(self) -> dict[str, list[str]]:
        """Each field → what each document gives it: the writer indexes
        them (``__init__``), ``_field_scores`` reads their postings back."""
        docs = self.docs
        out = {name: [getattr(doc, name) for doc in docs] for name in ("title", "gloss", "context")}
        # (a preposition that is also a term of the game left out: ``analysis.indexed_text``)
        text = [analysis.indexed_text(self.lang, doc.text) for doc in docs]
        out["text"] = ["" if doc.kind == "case" else t for doc, t in zip(docs, text)]
        out["case"] = [t if doc.kind == "case" else "" for doc, t in zip(docs, text)]
        for i, name in enumerate(OTHER_FIELDS):
            out[name] = [texts[i] for texts in self.other_texts]
        return out

    def all_stems(self) -> list[str]:
        """Every stem that some document holds, sorted."""
        return sorted({stem for name in FIELD_BOOSTS for stem in self._field_scores[name]})

    # -- queries ---------------------------------------------------------------
    def clauses(self, query: str, typing: bool = False, forms: dict[str, str] | None = None) -> list[Clause]:
        """The query read word by word, against the text's vocabulary (or
        ``forms``: the situations' one adds their phrasings' words). With
        ``typing``, the last word may be the beginning of a longer one."""
        forms = self.forms if forms is None else forms
        # a rank before a suit is a card (« le 7 de pique »), no number
        found = analysis.card_rank_read(self.lang, query, list(self._surface_forms(query)))
        words = [form for form, _, _ in found]
        # an abbreviation typed in capitals is a whole word: not completed
        typing = typing and bool(words) and not query[-1:].isspace() and query[found[-1][1] : found[-1][2]] not in self.keep
        # a word this language lacks, as the other language reads it (« l'arbitre »
        # on the English site is « arbitre »); a stop word there is left out,
        # as this language's are (« il », « ses » in « il a montré ses cartes »),
        # unless it is being typed (it may begin a word: "il" → "illegal") or
        # is this language's word inflected ("comment", where the text says "comments")
        others = [analysis.unelided(self.other_lang, w) for w in words]
        stop = analysis.stop_words(self.other_lang)
        kept = [
            i for i, w in enumerate(words)
            if self.forms.get(w) is not None or others[i] not in stop or (typing and i == len(words) - 1) or self._inflected(w)
        ]
        words, others = [words[i] for i in kept], [others[i] for i in kept]
        # a word as the texts hold it, or an adverb they hold as its adjective (« lentement »
        # as « lent »), or a feminine they hold as its masculine (« grosse » as « gros »)
        exact = [forms.get(w) or self._base_form(w, forms) for w in words]
        alternatives: list[list[Alternative]] = []
        for i, word in enumerate(words):
            alts = []
            if exact[i]:
                alts.append(Alternative((exact[i],), 1.0))
            # the word being typed, or one the corpus lacks as such ("retract"
            # where the text says "retraction"), may begin a longer word
            being_typed = typing and i == len(words) - 1
            if being_typed or not exact[i]:
                weight = RANKING["prefix_word"] if exact[i] else RANKING["prefix"]
                alts += [Alternative((s,), weight) for s in self._completions(word, forms) if s != exact[i]]
            # an unknown word, unless it is being typed and begins some, may be a typo
            if not exact[i] and not (being_typed and alts):
                have = {a.stems: k for k, a in enumerate(alts)}
                for a in self._near(word, forms):
                    k = have.get(a.stems)
                    if k is None:
                        alts.append(a)
                    elif a.weight > alts[k].weight:  # « sortie », begun by « sorties », is as surely « sorti » inflected
                        alts[k] = a
            # a word this language does not read, or whose reading no document
            # holds, may be the other language's: "insufficient" on the French site
            text = forms is self.forms
            vocabulary = self.other_forms if text else self.situation_other_forms
            # (as it is only, when this language reads it as the beginning of
            # a longer word: « calcul » may be "calculator", but « comment »
            # is not « commencer » nor "retract" « retransmission »)
            reads = self._reads(word)
            other = vocabulary.get(others[i]) if reads != "whole" else None
            if other is None and not reads and len(others[i]) >= RANKING["root_min"]:
                # a form the other language only has inflected: « annonce » meets
                # « annonces », « pénalités » « pénalité » (its root)
                begun = self._completions(others[i], vocabulary) or [a.stems[0] for a in self._roots(others[i], vocabulary)]
                other = begun[0] if begun else None
            if other:
                alts.append(Alternative((other,), RANKING["other" if text else "other_situation"]))
            alternatives.append(alts)
        # a run of words that reads as a form of a glossary term, exactly or
        # through a completion or a typo, also stands for the term's other
        # forms, as surely as its least sure word
        reads: list[dict[str, float]] = [{} for _ in alternatives]
        for read, alts in zip(reads, alternatives):
            for a in alts:
                read.setdefault(a.stems[0], a.weight)
        covered: set[int] = set()
        for start, end, phrases, sure in self._glossary_spans(reads):
            weight = RANKING["synonym"] * sure
            if forms is self.forms or end - start > 1:
                covered.update(range(start, end))
            for clause in alternatives[start:end]:
                known: dict[tuple[str, ...], float] = {}
                for a in clause:
                    known[a.stems] = max(known.get(a.stems, 0.0), a.weight)
                clause += [Alternative(p, weight) for p in phrases if known.get(p, 0.0) < weight]
        # a word read as a glossary term is not also read in the other
        # language's headings: "penalty card" is « carte pénalisée », not
        # 48A's "Declarer exposes a card"; nor in its phrasings of the
        # situations, when the term is a phrase (« cartes » alone still tells
        # « il a montré ses cartes » on the English site)
        alternatives = [[a for a in alts if not a.stems[0].startswith(OTHER_MARK)] if i in covered else alts for i, alts in enumerate(alternatives)]
        return [Clause(w, tuple(a)) for w, a in zip(words, alternatives)]

    def _base_form(self, word: str, forms: dict[str, str]) -> str | None:
        """The stem of an unknown adverb's adjective, or of an unknown
        feminine's masculine, if ``forms`` holds it (``analysis.adjective``,
        ``analysis.masculine``): « méchamment » reads as « méchant »,
        "rudely" as "rude", « grosse » as « gros »."""
        bases = analysis.adjective(self.lang, word) + analysis.masculine(self.lang, word) + analysis.verb_base(self.lang, word)
        return next((forms[base] for base in bases if base in forms), None)

    def _reads(self, word: str) -> str:
        """How this language reads ``word`` in some document: "whole" (as it
        is), "begun" (as the beginning of a longer word: "retract" of
        "retraction", "comment" of "comments"), else "" (a typo's
        correction is a guess, not a reading)."""
        forms = self.forms
        if word in forms and self.stem_scores(forms[word]):
            return "whole"
        return "begun" if any(self.stem_scores(s) for s in self._completions(word, forms)) else ""

    def _inflected(self, word: str) -> bool:
        """Whether a form that some document holds begins with ``word`` and
        is at most a quarter longer: "comment" of "comments", not "il" of
        "illegal", nor « fait » of the glossary's « faits »."""
        forms = self.forms
        return any(f.startswith(word) and len(f) <= len(word) * 5 // 4 and self.stem_scores(forms[f]) for f in forms)

    def _completions(self, word: str, forms: dict[str, str]) -> list[str]:
        """Stems of the known forms that begin with ``word``, shortest form first."""
        found = sorted((f for f in forms if f.startswith(word)), key=lambda f: (len(f), f))
        out: list[str] = []
        for form in found:
            if forms[form] not in out:
                out.append(forms[form])
            if len(out) == RANKING["max_prefix"]:
                break
        return out

    def _near(self, word: str, forms: dict[str, str]) -> list[Alternative]:
        """Stems of the known forms nearest an unknown word, one or two edits
        away, that begin with its first letter; with nothing one edit away
        (two from eight letters), the forms sharing its root (``_roots``),
        else, for six or seven letters, a second edit ("aribrte" → "arbitre")."""
        limit = fuzzy_limit(word)
        if not limit:
            return []
        # a typo keeps the word's first letter, which is seldom mistyped: "middle"
        # is no "huddle", "hour" no « tour », but "aribrte" is « arbitre »
        same_start = [f for f in forms if f[:1] == word[:1]]
        found = sorted((d, f) for f in same_start if (d := edit_distance(word, f, limit)) <= limit)
        if not found:
            roots = self._roots(word, forms)
            if roots:
                return roots
        if not found and limit == 1 and len(word) >= 6:
            found = sorted((d, f) for f in same_start if (d := edit_distance(word, f, 2)) <= 2)
        # a plural or feminine of a known form is no typo: « plis » is « pli », not also « pris »
        endings = analysis.INFLECTION_ENDINGS[self.lang]
        inflected = [(d, f) for d, f in found if d == 1 and inflected_once(word, f, endings)]
        # a doubled letter typed once is the likeliest typo: "dumy" is "dummy", not also "duty"
        doubled = [(d, f) for d, f in found if d == 1 and doubled_once(word, f)]
        found = inflected or doubled or found
        weight = RANKING["inflection"] if inflected else RANKING["fuzzy1"]
        out: dict[str, float] = {}
        for d, form in found:
            if d > found[0][0]:
                break  # only the nearest: "asistant" is "assistant", not also "existant"
            out.setdefault(forms[form], weight if d == 1 else RANKING["fuzzy2"])
        return [Alternative((s,), w) for s, w in list(out.items())[: RANKING["max_fuzzy"]]]

    def _roots(self, word: str, forms: dict[str, str]) -> list[Alternative]:
        """For an unknown word that nothing is one edit away from, the stems
        of the known forms sharing its root: the word less one to three
        final letters, at least ``RANKING["root_min"]`` left ("insisté" meets
        "insistance" through "insist", where a second edit would make it
        "insulte"). The first cut that completes to something wins."""
        for cut in (1, 2, 3):
            root = word[:-cut]
            if len(root) < RANKING["root_min"]:
                break
            found = self._completions(root, forms)
            if found:
                return [Alternative((st,), RANKING["root"]) for st in found[: RANKING["max_fuzzy"]]]
        return []

    def _glossary_spans(self, reads: list[dict[str, float]]):
        """(start, end, phrases, sureness): runs of the query's words that may
        read as a form of a glossary term (``reads``: each word's possible
        stems → weight), with all the forms of that term and the least
        weight of the run's words."""
        found = []
        for start, read in enumerate(reads):
            for stem in read:  # only the phrases that begin with a stem the word may read as
                for order, phrase, phrases in self._phrases_by_first_stem.get(stem, ()):
                    n = len(phrase)
                    if start + n <= len(reads) and all(s in reads[start + k] for k, s in enumerate(phrase)):
                        found.append((order, start, start + n, phrases, min(reads[start + k][s] for k, s in enumerate(phrase))))
        found.sort(key=lambda f: (f[0], f[1]))  # in the order of the terms, of their forms, then of the words
        for _, start, end, phrases, sure in found:
            yield start, end, phrases, sure

    @cached_property
    def _phrases_by_first_stem(self) -> dict[str, list[tuple[tuple[int, int], tuple[str, ...], tuple]]]:
        """Each glossary form (``synonyms``) under its first stem, with its place (term, form)."""
        out: dict[str, list] = {}
        for i, phrases in enumerate(self.synonyms):
            for j, phrase in enumerate(phrases):
                out.setdefault(phrase[0], []).append(((i, j), phrase, phrases))
        return out

    def search(self, query: str, limit: int = 10, typing: bool = False) -> list[Hit]:
        """The best documents for a query: a cited provision first, with the
        provisions under it (those the other words find first, when the
        citation stands among words); then the text's ranking merged with
        the provisions of the situations the query tells (``fuse``), those
        saying which situation lifted them. In the first ``RANKING["diverse"]``, at most
        ``RANKING["per_law"]`` provisions of a law the query does not name;
        a provision, law or note with text before the cases (``law_first``),
        and the law's texts first in the first three (``texts_first``)."""
        span = analysis.law_range(query)
        if span:  # "lois 61 à 64": those laws' pages, in order (not "61A", the « à » read as a section)
            laws = [Hit(d, float("inf")) for d in self.docs if d.kind == "law" and d.law.isdigit() and span[0] <= int(d.law) <= span[1]]
            if laws:
                return laws[:limit]
        hits: list[Hit] = []
        cited, words = self._citation(query)
        among = words != query
        if cited and not among:  # the whole query cites: what follows is what cites it ("64 B 7" read as "64b7", not as 64, B and 7)
            words = analysis.citation_key(query) or words
        clauses = self.clauses(words, typing)
        ranked = self.rank(clauses)
        if cited:
            if cited.kind == "note":  # a note has nothing under it, but its number may be printed twice: (21), Laws 70 and 71
                under = [d for d in self.docs if d.kind == "note" and d.search_key == cited.search_key and d is not cited]
            else:
                under = [d for d in self.docs if d.law == cited.law and labels.anchor_within(d.key, cited.key)]
            if among:  # a citation among words: those the words find first
                order = {h.doc.key: i for i, h in enumerate(ranked)}
                under.sort(key=lambda d: order.get(d.key, len(order)))
            hits += [Hit(d, float("inf")) for d in [cited] + under[:limit]]
        out, seen = [], set()
        for hit in hits + self.fuse(ranked, self.situations_told(words, typing), clauses):
            if hit.doc.key not in seen:
                seen.add(hit.doc.key)
                out.append(hit)
        named = self.named_laws(clauses) | ({cited.law} if cited else set())
        out = diversify(out, named)
        whole = set() if cited else self.named_whole(clauses)
        if len(whole) > 1:
            out = show_each(out, whole)
        return texts_first(law_first(out))[:limit]

    def fuse(self, ranked: list[Hit], told: list[tuple[int, float]], clauses: list[Clause]) -> list[Hit]:
        """The text's ranking and the situations' provisions, in one list
        (with no situation told, the text's ranking, a tool or law the query
        names, as below, first).
        A document found by the text scores s² / (``fusion_k`` + its rank
        from 0), s the share of the query's ``words`` it matched (one word
        of a long question is weak evidence; in a question of three words
        or more, a secondary document one word less, as ``rank`` counts it:
        a case's long text says some of its everyday words by chance, where
        two words that a commentary says together are no chance), each word counted as surely
        as it was read (``Hit.sure``: a word the text lacks, read as a
        typo's correction or by its root, is weaker evidence than a
        situation whose title says it: "conseil"); a situation's provisions add ``situation_weight`` ×
        closeness (in a query of ``sentence`` words or more, ``sentence_weight``
        × closeness², when that is more: a sentence that tells a situation
        closely tells it more surely than one or two keywords do, and then
        passes a text result that says all its words by chance), halved (``situation_decay``) from one provision to the
        next in the situation's order, each provision followed by the part of
        it the text ranks first (``_with_parts``). A tool whose whole title the query
        says ("calculer la marque": « Calculatrice de marque »; not "points
        de match", a law's words too) comes first: the query asks for it, not
        for the situation its generic words also tell (a fouled board's
        scores, calculated apart). So does a law of the sources whose title
        the query says, and only it (« droits du mort »: Law 42's page, not
        the situation of a dummy spreading his hand badly, Law 41D), through
        any reading of its words (« cartes exposées d'un joueur de la
        défense » is Law 49's title, though the best reading of « joueur »
        in its text is the glossary's « joueur de la défense »: ``_law_titled``). The text's own scores are untouched:
        this only merges two rankings. A document that a situation lifted
        says which (``Hit.why``)."""
        words = len(clauses)

        def named(n: int, hit: Hit) -> bool:  # a tool, or a law of the sources, whose whole title the query says and nothing else
            return (hit.doc.kind == "tool" and self._title_share(n, hit.stems) == 1.0 and self._tool_named(n, hit, words)) or (
                hit.doc.kind == "law" and not hit.doc.secondary and self._law_titled(n, hit, clauses)
            )

        if not told:  # the text's ranking, what the query names first
            first = [named(self._order[hit.doc.key], hit) for hit in ranked]
            return [hit for hit, f in zip(ranked, first) if f] + [hit for hit, f in zip(ranked, first) if not f]
        fused: dict[int, float] = {}
        hits: dict[int, Hit] = {}
        for r, hit in enumerate(ranked):
            n = self._order[hit.doc.key]
            # in a question of three words or more, a secondary document one word less, as in ``rank``
            share = max(0.0, hit.sure - (words >= 3 and not hit.first)) / words
            fused[n] = math.inf if named(n, hit) else share * share / (RANKING["fusion_k"] + r)
            hits[n] = hit
        for i, closeness in told:
            weight = RANKING["situation_weight"] * closeness
            if words >= RANKING["sentence"]:  # a sentence telling it closely: more
                weight = max(weight, RANKING["sentence_weight"] * closeness ** RANKING["sentence_power"])
            for n in self._with_parts(self.situation_docs[i], ranked):
                fused[n] = fused.get(n, 0.0) + weight
                weight *= RANKING["situation_decay"]
                old = hits.get(n)
                if old is None or not old.why:
                    hits[n] = Hit(self.docs[n], old.score if old else 0.0, old.stems if old else frozenset(), old.matched if old else 0, old.sure if old else 0.0, self.situations[i].id)
        first = {n: k for k, n in enumerate(hits)}  # text order, then the situations'
        return [hits[n] for n in sorted(fused, key=lambda n: (-fused[n], first[n]))]

    def _with_parts(self, provisions: list[int], ranked: list[Hit]) -> list[int]:
        """A situation's provisions, each followed by the first of its parts
        that the text ranks in its first ``RANKING["parts_window"]``: the
        situation says where to look, the query's words which part decides
        (« deux cartes pénalisées dans la même couleur » offers 51, then
        51B1, of two or more in one suit). The section keeps its place: it is often
        the answer itself (70C, the claim with a trump still out, over its
        conditions 70C1 to 70C3)."""
        window = ranked[: RANKING["parts_window"]]
        out: list[int] = []
        for n in provisions:
            out.append(n)
            outer = self.docs[n]
            for hit in window:
                if hit.doc.law == outer.law and labels.anchor_within(hit.doc.key, outer.key):
                    out.append(self._order[hit.doc.key])
                    break
        return list(dict.fromkeys(out))

    def cited(self, query: str) -> Document | None:
        """The provision a query cites, if it is a citation or holds one:
        "loi 64 b 7" is 64B7; "Loi 12C1", in a law the sources lack, is Law
        12's page; "loi 64 renonce" is Law 64."""
        return self._citation(query)[0]

    def _citation(self, query: str) -> tuple[Document | None, str]:
        """The provision cited and the words to rank: the whole query when it
        is a citation (or cites nothing), the other words when the citation
        stands among them."""
        key, words = analysis.citation_key(query), query
        if not key or (key not in self._keys and not LABEL_KEY.match(key)):  # "loi 64 renonce"
            amid = analysis.citation_amid(query)
            if not amid:
                return None, query
            key, words = amid
        found = self._nearest(key)
        if found is None and words == query:  # "loi 94": a citation of nothing, not words to rank;
            return None, (query if BARE_NUMBER.match(query) else "")  # but "1430" (a score) is a word
        return found, words

    def _nearest(self, key: str) -> Document | None:
        """The document of a citation ``key``, or of the nearest provision
        above it in the same law ("64b9" → 64B, "12c1" → Law 12's page); none
        when the law itself is not in the code ("94" is not Law 9, "644" not
        Law 64)."""
        if key in self._keys:
            return self._keys[key]
        law = CITED_LAW.match(key)
        if not LABEL_KEY.match(key) or not law or law[0] not in self._keys:
            return None
        while key not in self._keys:
            key = key[:-1]
        return self._keys[key]

    @cached_property
    def _keys(self) -> dict[str, Document]:
        """Citation key → its document; of two notes printed with one number, the first."""
        out: dict[str, Document] = {}
        for d in self.docs:
            if d.search_key:
                out.setdefault(d.search_key, d)
        return out

    def _names_said(self, clauses: list[Clause]) -> list[tuple[str, frozenset[str]]]:
        """The laws the query names, each with the name it says: all the
        words of a law's title ("l'arbitre" is Law 81, "enchère
        insuffisante" Law 27) or of a glossary form citing the whole law
        ("enchère hors tour", Laws 28–32), through any reading of its words.
        A name that says fewer of the query's words than another one does
        (a subset of them) is no name of the query: « étui incorrect » names
        Law 87, whose title says both words, not Laws 2, 6 and 7, which the
        glossary's « étui » and « donne » cite."""
        every = frozenset(s for c in clauses for a in c.alternatives for s in a.stems)
        found = [
            # the query's words the name says: those a reading of which it holds whole
            (self.docs[n].law, name, frozenset(i for i, c in enumerate(clauses) if any(set(a.stems) <= name for a in c.alternatives)))
            for n, names in self.law_names.items()
            for name in names
            if name <= every
        ]
        return [(law, name) for law, name, words in found if not any(words < other for _, _, other in found)]

    def named_laws(self, clauses: list[Clause]) -> set[str]:
        """The laws the query names (``_names_said``)."""
        return {law for law, _ in self._names_said(clauses)}

    def named_whole(self, clauses: list[Clause]) -> set[str]:
        """The laws one of whose names says every word of the query alone
        (« renonce » is a name of Laws 62, 63 and 64; not "revoke on 12th
        trick", which says more; nor "the defenders dispute the claim",
        whose words are two names: "defender", of Laws 49, 50 and 57, and
        "contested claim", of Law 70's)."""
        return {
            law
            for law, name in self._names_said(clauses)
            if clauses and all(any(set(a.stems) <= name for a in c.alternatives) for c in clauses)
        }

    @cached_property
    def law_names(self) -> dict[int, list[frozenset[str]]]:
        """Document number of each law → the stems of its names: its title,
        and the forms of the glossary terms that cite the whole law."""
        out: dict[int, list[frozenset[str]]] = {}
        for n, doc in enumerate(self.docs):
            if doc.kind != "law":
                continue
            names = [self._title_stems[n]] if self._title_stems[n] else []
            for term in self.terms:
                if doc.label in term.laws:
                    names += [frozenset(st) for form in term.forms(self.lang) if (st := self._stems(form))]
            out[n] = list(dict.fromkeys(names))
        return out

    def rank(self, clauses: list[Clause]) -> list[Hit]:
        """Documents matching more words of the query first (a secondary
        document counting one word less); among those, a law's own text
        before a secondary document (a commentary, a case, an
        absent law's page) unless the query names it (says its whole title,
        names the law: ``named_laws``, or a tool: ``_tool_named``); then by
        score: the sum, over the words, of the best alternative's mean stem
        score, times the title bonus."""
        hits = self.scored(clauses)
        named = self.named_laws(clauses) if hits else set()
        order = self._order
        first = {
            hit.doc.key: not hit.doc.secondary or self._title_share(order[hit.doc.key], hit.stems) == 1.0 or (hit.doc.kind == "law" and hit.doc.law in named)
            or (hit.doc.kind == "tool" and self._tool_named(order[hit.doc.key], hit, len(clauses)))
            for hit in hits
        }
        # a secondary document saying one word more of the query than a
        # provision does not pass it: it counts one word less
        hits = [h if first[h.doc.key] else replace(h, first=False) for h in hits]
        hits.sort(key=lambda h: (-h.matched + (not h.first), not h.first, -h.score, order[h.doc.key]))
        return hits

    def scored(self, clauses: list[Clause], own: bool = False, among: Container[int] | None = None) -> list[Hit]:
        """The documents matching a word of the query, in no order, each
        with its score and the number of words it matches (``rank``);
        those numbered ``among`` only, when it is given."""
        if not clauses:
            return []
        total: dict[int, float] = {}
        matched: dict[int, int] = {}
        sure: dict[int, float] = {}
        stems: dict[int, set[str]] = {}
        for clause in clauses:
            best: dict[int, float] = {}
            best_stems: dict[int, tuple[str, ...]] = {}
            best_weight: dict[int, float] = {}
            for alt in clause.alternatives:
                tables = [self.stem_scores(s, own) for s in alt.stems]
                if len(tables) == 1:  # one stem (most words): its scores, weighted
                    weighted = ((n, alt.weight * score) for n, score in tables[0].items())
                else:  # a glossary phrase: the mean of its stems' scores where all are
                    common = set(tables[0]).intersection(*tables[1:])
                    weighted = ((n, alt.weight * sum(t[n] for t in tables) / len(tables)) for n in common)
                if among is not None:
                    weighted = ((n, score) for n, score in weighted if n in among)
                for n, score in weighted:
                    if score > best.get(n, 0.0):
                        best[n], best_stems[n], best_weight[n] = score, alt.stems, alt.weight
            for n, score in best.items():
                total[n] = total.get(n, 0.0) + score
                matched[n] = matched.get(n, 0) + 1
                sure[n] = sure.get(n, 0.0) + best_weight[n]
                stems.setdefault(n, set()).update(best_stems[n])
        return [
            Hit(self.docs[n], s * (1.0 + RANKING["title"] * self._title_share(n, stems[n]) ** 2), frozenset(stems[n]), matched[n], sure=sure[n])
            for n, s in total.items()
        ]

    # -- the glossary term a query names -----------------------------------------
    @cached_property
    def term_forms(self) -> dict[tuple[str, ...], int]:
        """Each glossary form, as the stems of its words (``forms``) → its
        term's number; a form of two terms is this language's term's."""
        out: dict[tuple[str, ...], int] = {}
        for lang in (self.lang, self.other_lang):
            for i, term in enumerate(self.terms):
                for form in term.forms(lang):
                    stems = self._form_stems(form)
                    if stems:
                        out.setdefault(stems, i)
        return out

    def _form_stems(self, text: str) -> tuple[str, ...] | None:
        """The stems of the words of ``text`` as ``forms`` reads each, if it
        reads them all (the page looks up the same table)."""
        stems = tuple(self.forms.get(form) for form, _, _ in self._surface_forms(text))
        return stems if stems and None not in stems else None

    def defined(self, query: str) -> Term | None:
        """The glossary term whose form the whole query is, in any accent or
        number, in either language (« renonce », "penalty cards", « claim »
        on the French site): search shows its definition above the results.
        None for a query that says more, or less."""
        stems = self._form_stems(query)
        i = self.term_forms.get(stems) if stems else None
        return self.terms[i] if i is not None else None

    def term_numbers(self, term: Term) -> list[int]:
        """The document numbers of the provisions and laws a term's entry cites, in its order."""
        return [n for label in term.laws if (n := self._number.get(labels.anchor(label))) is not None]

    def term_docs(self, term: Term) -> list[Document]:
        """Those documents (``term_numbers``)."""
        return [self.docs[n] for n in self.term_numbers(term)]

    @cached_property
    def _order(self) -> dict[str, int]:
        return {d.key: n for n, d in enumerate(self.docs)}

    @cached_property
    def _title_stems(self) -> list[frozenset[str]]:
        return [frozenset(self._stems(d.title)) for d in self.docs]

    def _tool_named(self, n: int, hit: Hit, words: int) -> bool:
        """Whether a query of two words or more names tool (or law) ``n``: its title
        (what people call it: "Score calculator", "Aide : transfert de
        levées après une renonce") says every word the query matched it
        by ("score calculator", "aide renonce"); it then stands with the
        laws' text instead of a word behind."""
        return words >= 2 and hit.matched == words and len(self._title_stems[n] & hit.stems) >= words

    def _law_titled(self, n: int, hit: Hit, clauses: list[Clause]) -> bool:
        """Whether a query of two words or more says the whole title of law
        page ``n``, and nothing else: it matched the page by every word, each
        word of the query reads as a word of the title and each word of the
        title is a reading of a word of the query: any reading, not only the
        one that scored best in the page (« cartes exposées d'un joueur de la
        défense » is Law 49's title, though the best reading of « joueur » in
        its text is the glossary's « joueur de la défense »); a word's own
        readings, not the other forms of a glossary term it begins (« droits
        du mort » does not say Law 43's « limitations »)."""
        title = self._title_stems[n]
        readings = [{a.stems[0] for a in c.alternatives if len(a.stems) == 1} for c in clauses]
        return (
            len(clauses) >= 2 and hit.matched == len(clauses) and bool(title)
            and title <= set().union(*readings) and all(r & title for r in readings)
        )

    def _title_share(self, n: int, matched: set[str]) -> float:
        """The share of a document's title that the query says: the whole of
        "L'arbitre" (Law 81) for "l'arbitre", which lifts it above the many
        provisions naming him (``RANKING["title"]``)."""
        title = self._title_stems[n]
        return len(title & matched) / len(title) if title else 0.0

    # -- situations --------------------------------------------------------------
    @cached_property
    def situation_forms(self) -> dict[str, str]:
        """The folded words of the text, the glossary and the situations'
        titles and phrasings → their stems: what a query is read with when
        it is matched against the situations."""
        out = dict(self.forms)
        for text in (p for s in self._tellings for p in (s.title,) + s.phrasings):
            for (form, _, _), stem in zip(self._surface_forms(text), self._stems(text)):
                out.setdefault(form, stem)
        return dict(sorted(out.items()))

    @cached_property
    def _tellings(self):
        return [s.telling(self.lang) for s in self.situations]

    @cached_property
    def situation_classes(self) -> dict[str, str]:
        """Stem → the stem standing for its group when a query is matched
        against the situations: the four suits are one word, and so are the
        honours (``analysis.CARD_WORDS``), the card a phrasing names being
        an example."""
        out: dict[str, str] = {}
        for group in analysis.CARD_WORDS[self.lang]:
            stems = [st for word in group for st in self._stems(word)]
            out.update({st: stems[0] for st in stems})
        for group in analysis.CARD_WORDS[self.other_lang]:
            stems = [st for word in group for st in self._other_stems(word)]
            out.update({st: stems[0] for st in stems})
        return out

    def _other_stems(self, text: str) -> list[str]:
        """The stems of a text of the other language, marked (``OTHER_MARK``)."""
        return [OTHER_MARK + st for st in self._other_lang_stems(text)]

    # the other language's analyses of its texts, kept with this language's
    # (``Analysed``): the same code made both
    def _other_lang_stems(self, text: str) -> tuple[str, ...]:
        kind, lang = f"stems {self.other_lang}", self.other_lang
        got = self.analysed.kept(kind, text)
        return got if got is not None else self.analysed.made(kind, text, analysis.stems(lang, text, self.keep))

    def _other_lang_forms(self, text: str) -> tuple[tuple[str, int, int], ...]:
        kind, lang = f"forms {self.other_lang}", self.other_lang
        got = self.analysed.kept(kind, text)
        return got if got is not None else self.analysed.made(kind, text, analysis.surface_forms(lang, text, self.keep))

    def _other_lang_stem(self, form: str) -> str:
        kind = f"stem {self.other_lang}"
        got = self.analysed.kept(kind, form)
        return (got if got is not None else self.analysed.made(kind, form, (analysis.stem(self.other_lang, form),)))[0]

    def _situation_stems(self, stems: Iterable[str]) -> tuple[str, ...]:
        classes = self.situation_classes
        return tuple(dict.fromkeys(classes.get(st, st) for st in stems))

    @cached_property
    def situation_phrases(self) -> list[tuple[int, tuple[str, ...]]]:
        """(situation number, distinct stems) of each title and phrasing
        (a suit or an honour as its group: ``situation_classes``)."""
        out = []
        for i, telling in enumerate(self._tellings):
            for text in (telling.title,) + telling.phrasings:
                stems = self._situation_stems(self._stems(text))
                if stems:
                    out.append((i, stems))
        # then the same situations told in the other language, their words
        # marked: met only by a query's words this language does not read
        for i, situation in enumerate(self.situations):
            telling = situation.telling(self.other_lang)
            for text in (telling.title,) + telling.phrasings if telling else ():
                stems = self._situation_stems(self._other_stems(text))
                if stems:
                    out.append((i, stems))
        return out

    @cached_property
    def situation_titles(self) -> list[frozenset[str]]:
        """Each situation's first phrase in ``situation_phrases``: its title's stems."""
        out: list[frozenset[str]] = [frozenset()] * len(self.situations)
        for i, stems in reversed(self.situation_phrases):
            out[i] = frozenset(stems)
        return out

    @cached_property
    def situation_idf(self) -> dict[str, float]:
        """How telling a stem is among the situations: ln(1 + N / df), df the
        situations whose title or phrasings hold it (in thousandths, as the
        browser index ships it)."""
        df: dict[str, set[int]] = {}
        for i, stems in self.situation_phrases:
            for s in stems:
                df.setdefault(s, set()).add(i)
        n = len(self.situations)
        return {s: round(math.log(1 + n / len(d)), 3) for s, d in sorted(df.items())}

    def situations_told(self, query: str, typing: bool = False) -> list[tuple[int, float]]:
        """The situations a query tells: (situation number, closeness), the
        closest first, each at least ``RANKING["situation"]`` close and at
        most ``RANKING["situations"]`` of them.

        Closeness is the mean of two shares of the query's words (each word
        weighing as much as it tells among the situations: ``situation_idf``;
        a word they never say weighs as the most telling one): the share
        that the situation's closest title or phrasing says, times the
        square root of the share of that phrasing's own words that the
        query says; and the share that its title and phrasings say taken
        together (a short query may take its words from two phrasings). A
        situation is told by two of its words at least, or by the query's
        most telling word, as typed, when the query has several, or by a word
        alone that its title says as typed, if few situations say it
        (``RANKING["one_word_idf"]``: "retard", "abat", "conseil"; not
        "renonce"), or that one of its phrasings says as typed when no text
        says it ("tricherie", "insulte": the situations alone can answer);
        a suit or an honour counts as its group (``situation_classes``)."""
        if not self.situations:
            return []
        clauses = [
            Clause(c.word, tuple(Alternative(self._situation_stems(a.stems), a.weight) for a in c.alternatives))
            for c in self.clauses(query, typing, self.situation_forms)
            if c.alternatives
        ]
        if not clauses:
            return []
        idf = self.situation_idf
        top = max(idf.values())
        weights = [max(idf.get(s, top) for s in c.alternatives[0].stems) for c in clauses]
        total = sum(weights)
        said = {stem for c in clauses for a in c.alternatives for stem in a.stems}

        def share(have: set[str]) -> float:
            out = 0.0
            for c, w in zip(clauses, weights):
                out += max((a.weight for a in c.alternatives if have.issuperset(a.stems)), default=0.0) * w
            return out / total

        best: dict[int, float] = {}
        for i, stems in self.situation_phrases:
            own = sum(idf[s] for s in stems)
            closeness = share(set(stems)) * math.sqrt(sum(idf[s] for s in stems if s in said) / own)
            if closeness > best.get(i, 0.0):
                best[i] = closeness
        # the query's most telling word
        strongest = max(range(len(clauses)), key=lambda k: (weights[k], -k))
        # a word alone that no law's text says, as typed or as the glossary's
        # synonym of it ("tricherie", "insulted"; not "psych"): the situations answer it
        # (when no situation's title says it: "abat" tells the one whose title does);
        # a case or a commentary may say it (« insultes »): the law answers through the situation
        docs = self.docs
        unanswered = len(clauses) == 1 and not any(
            docs[n].kind in LAW_KINDS
            for a in clauses[0].alternatives if a.weight >= RANKING["synonym"] for s in a.stems for n in self.stem_scores(s)
        ) and not any(self._says_exactly(title, clauses[0]) for title in self.situation_titles)
        # that word in this language, not as the other reads it ("impolu" is no "impolite")
        own_word = Clause(clauses[0].word, tuple(a for a in clauses[0].alternatives if not any(s.startswith(OTHER_MARK) for s in a.stems)))
        found = []
        for i, bag in enumerate(self.situation_bags):
            # one word is a keyword, for the text to answer: a situation is
            # told by two of its words at least, or, in a query of several
            # words, by the most telling one as typed ("rude opponent")
            says = [any(bag.issuperset(a.stems) for a in c.alternatives) for c in clauses]
            if sum(says) < 2 and not (len(clauses) >= 2 and self._says_exactly(bag, clauses[strongest])) and not (
                # a word alone, rare among the situations, that one's title says as typed: "retard", "abat", "conseil"
                len(clauses) == 1 and weights[0] >= RANKING["one_word_idf"] and (
                    self._says_exactly(self.situation_titles[i], clauses[0]) or unanswered and self._says_exactly(bag, own_word)
                )
            ):
                continue
            closeness = (best.get(i, 0.0) + share(bag)) / 2
            if closeness >= RANKING["situation"]:
                found.append((i, closeness))
        found.sort(key=lambda x: (-x[1], x[0]))
        return found[: RANKING["situations"]]

    @staticmethod
    def _says_exactly(bag: set[str] | frozenset[str], clause: Clause) -> bool:
        """Whether a situation's words hold a word of the query as typed (not
        a completion, a typo's correction or a synonym: "trunps" read as
        "trumps" tells nothing)."""
        return any(a.weight >= 1.0 and bag.issuperset(a.stems) for a in clause.alternatives)

    @cached_property
    def situation_bags(self) -> list[set[str]]:
        """Each situation's stems, over its title and phrasings."""
        out: list[set[str]] = [set() for _ in self.situations]
        for i, stems in self.situation_phrases:
            out[i].update(stems)
        return out

    @cached_property
    def situation_docs(self) -> list[list[int]]:
        """Each situation's provisions as document numbers, in its order."""
        return [[self._number[labels.anchor(label)] for label in s.provisions] for s in self.situations]

    # -- snippets --------------------------------------------------------------
    def shown_text(self, doc: Document) -> str:
        """The words a result shows of a document: its text; for a law the
        sources lack, what the glossary says of it (« étui · … la
        vulnérabilité »), the words that found it, which its heading
        announces (« texte à venir · d'après le glossaire »)."""
        if doc.text:
            return doc.text
        return doc.gloss if doc.kind == "law" and not doc.present else ""

    def snippet(self, doc: Document, stems: Iterable[str], width: int = 160, mark=("[", "]")) -> str:
        """About ``width`` characters of the document's text around its best
        run of matched words, each matched word between ``mark``; after a
        slip of the source, our reading, as the page says it (« [sic ; lire
        « d’un joueur »] »)."""
        text = self.shown_text(doc) or doc.title
        slips = list(doc.slips) if doc.text else []
        wanted = set(stems)
        spans = [(a, b) for form, a, b in self._surface_forms(text) if self.forms.get(form) in wanted]
        start = 0
        if spans:
            # the window holding the most matches, starting a little before the first
            best = max(range(len(spans)), key=lambda i: sum(1 for a, _ in spans[i:] if a < spans[i][0] + width))
            start = max(0, spans[best][0] - 30)
            # from the word there (the space before it, or at it)
            start = text.rfind(" ", 0, start + 1) + 1 if start else 0
        end = min(len(text), start + width)
        if end < len(text):  # to the end of a word (a space at ``end`` or before it)
            end = max(text.rfind(" ", start, end + 1), start + width // 2)
        out, pos = [], start

        def up_to(limit: int) -> None:
            # the text to ``limit``, each reading in the window after its slip
            # (after the marked word that holds the slip's end)
            nonlocal pos
            while slips and slips[0][0] <= limit:
                at, read = slips.pop(0)
                if start < at <= end:
                    at = max(at, pos)
                    out.extend([text[pos:at], t(self.lang, "sic.lead"), read, t(self.lang, "sic.end")])
                    pos = at
            out.append(text[pos:limit])
            pos = limit

        for a, b in spans:
            if a >= start and b <= end:
                up_to(a)
                out += [mark[0], text[a:b], mark[1]]
                pos = b
        up_to(end)
        return ("… " if start else "") + "".join(out) + (" …" if end < len(text) else "")

    # -- what the site builds from the index -----------------------------------
    def related(self, law: str, limit: int = 5) -> list[Hit]:
        """The laws closest to ``law`` in vocabulary (cosine of their BM25F
        vectors, titles weighted as in search), each by its closest provision,
        best first: the law page's "See also". None for a law whose text the
        sources lost, which its headings alone would pick (Law 75)."""
        vectors = self._law_vectors
        if law not in vectors or law not in self._laws_with_text:
            return []
        mine, lengths = vectors[law], self._law_lengths
        laws = sorted(
            ((_cosine(mine, theirs, lengths[law] * lengths[other]), other) for other, theirs in vectors.items() if other != law),
            key=lambda x: (-x[0], x[1]),
        )[:limit]
        # each of those laws' documents, by what it shares with this law's text
        shared: dict[str, dict[int, float]] = {other: {} for _, other in laws}
        candidate_law = self._candidate_laws
        for stem, weight in mine.items():
            for n, score in self.stem_scores(stem, own=True).items():
                closest = shared.get(candidate_law[n])
                if closest is not None:
                    closest[n] = closest.get(n, 0.0) + weight * score
        hits = []
        for similarity, other in laws:
            closest = shared[other]
            if not closest:  # nothing of that law shares a word with this one's own text
                continue
            n = max(closest, key=lambda n: (closest[n] / self._norms[n], -n))
            hits.append(Hit(self.docs[n], similarity))
        return hits

    @cached_property
    def _candidate_laws(self) -> list[str | None]:
        """For each document, its law if it can be a "See also" (a
        provision, or a law's opening alinéas; not a note, a commentary, nor
        the title of a law the sources lack), else None."""
        return [doc.law if doc.kind == "provision" or (doc.kind == "law" and bool(doc.text)) else None for doc in self.docs]

    @cached_property
    def _laws_with_text(self) -> frozenset[str]:
        """The laws some of whose "See also" candidates have words beyond their headings."""
        return frozenset(law for law, doc in zip(self._candidate_laws, self.docs) if law is not None and doc.text)

    @cached_property
    def _law_vectors(self) -> dict[str, dict[str, float]]:
        """Each law's stems → the sum of their scores over its documents."""
        vectors: dict[str, dict[str, float]] = {}
        candidate_law = self._candidate_laws
        for stem in self.all_stems():
            if any(c.isdigit() for c in stem) or stem in CITATION_WORDS:
                continue  # citations say where to look, not what about
            for n, score in self.stem_scores(stem, own=True).items():
                if candidate_law[n] is not None:
                    vector = vectors.setdefault(candidate_law[n], {})
                    vector[stem] = vector.get(stem, 0.0) + score
        return vectors

    @cached_property
    def _law_lengths(self) -> dict[str, float]:
        """The length of each law's vector (``_law_vectors``)."""
        return {law: math.sqrt(sum(w * w for w in vector.values())) for law, vector in self._law_vectors.items()}

    @cached_property
    def _norms(self) -> list[float]:
        """The length of each document's score vector."""
        squares = [0.0] * len(self.docs)
        for stem in self.all_stems():
            for n, score in self.stem_scores(stem, own=True).items():
                squares[n] += score * score
        return [math.sqrt(s) or 1.0 for s in squares]

    def term_documents(self, term: Term, limit: int = 6) -> list[Document]:
        """Where a glossary term matters: its own central citations first,
        then the provisions whose heading, or a heading above them, says one
        of its forms as it is, best scored first (words met in passing make
        no entry of the Index: "game" in the play is not the game of the
        scoring tables, "information passed" no pass, « information non
        autorisée » no « information autorisée »), and says it in the other
        language too, when its documents are known (``other``): a word
        with two meanings has one in each language (« Au tour du joueur
        fautif de jouer » is "the offender's turn", no round; « Manière
        correcte » no « maniérisme »), and both Indexes list the same."""
        out: list[Document] = []
        for label in term.laws:
            doc = self.docs[self._number[labels.anchor(label)]]
            out.append(doc)
        found: dict[str, float] = {}
        # the term's own forms in this language: the other language's, read by
        # this analyzer, may say another word ("contestant", read as French, is
        # « contestée »); the other language's headings are read by its own (``_other_says``)
        own = [stems for form in term.forms(self.lang) if (stems := tuple(self._stems(form)))]
        # the provisions whose heading says one of those forms (and says it in the other language)
        said: dict[int, list[tuple[str, ...]]] = {}
        headings = self._headings
        for stems in own:
            for n in self._heading_docs.get(stems[0], ()):
                if any(_says(words, stems) for words in headings[n]):
                    said.setdefault(n, []).append(stems)
        said = {n: phrases for n, phrases in said.items() if self._other_says(self.docs[n].key, term)}
        for form in term.forms(self.lang) if said else ():
            clauses = self.clauses(form)
            if not clauses:
                continue
            for hit in self.scored(clauses, own=True, among=said):  # their order is the scores' below
                if hit.matched == len(clauses) and any(set(stems) <= hit.stems for stems in said[self._number[hit.doc.key]]):
                    found[hit.doc.key] = max(found.get(hit.doc.key, 0.0), hit.score)
        order = self._order
        for key, _ in sorted(found.items(), key=lambda x: (-x[1], order[x[0]])):
            if len(out) >= limit:
                break
            doc = self.docs[self._number[key]]
            if doc not in out:
                out.append(doc)
        return out

    @cached_property
    def _headings(self) -> dict[int, tuple[list[str], list[str]]]:
        """Each provision's number → the stems of its title and of the headings above it."""
        return {n: (self._stems(doc.title), self._stems(doc.context)) for n, doc in enumerate(self.docs) if doc.kind == "provision"}

    @cached_property
    def _heading_docs(self) -> dict[str, set[int]]:
        """Each stem → the provisions whose heading, or one above it, holds it (``_headings``)."""
        out: dict[str, set[int]] = {}
        for n, words in self._headings.items():
            for stem in {*words[0], *words[1]}:
                out.setdefault(stem, set()).add(n)
        return out

    def _other_says(self, key: str, term: Term) -> bool:
        """Whether the heading of document ``key`` in the other language, or
        one above it, says one of the term's forms in that language (its
        analyzer's stems in a row); true when the other language's documents
        are not known."""
        if not self.other:
            return True
        doc = self.other.get(key)
        if doc is None:
            return False
        stems, lang = self._other_lang_stems, self.other_lang
        return any(
            phrase and (_says(stems(doc.title), phrase) or _says(stems(doc.context), phrase))
            for phrase in (stems(form) for form in term.forms(lang))
        )


def _says(words: Sequence[str], phrase: tuple[str, ...]) -> bool:
    """Whether the stems ``words`` hold ``phrase`` as it is, its stems in a
    row: « information non autorisée » does not say « information autorisée »."""
    n = len(phrase)
    return any(tuple(words[i : i + n]) == phrase for i in range(len(words) - n + 1))


def diversify(hits: list[Hit], named: set[str]) -> list[Hit]:
    """The hits with, in the first ``RANKING["diverse"]``, at most
    ``RANKING["per_law"]`` documents of one law's own text (its page, its
    provisions, its notes) unless the law is ``named``: the others wait
    just after them. A citation's provisions (its law is named) and a
    situation's (it chose them) are never held back, but count."""
    top, waiting, rest = [], [], []
    count: dict[str, int] = {}
    for hit in hits:
        if len(top) >= RANKING["diverse"]:
            rest.append(hit)
            continue
        law = hit.doc.law if hit.doc.kind in LAW_KINDS else ""
        if law and law not in named and not hit.why and count.get(law, 0) >= RANKING["per_law"]:
            waiting.append(hit)
            continue
        if law:
            count[law] = count.get(law, 0) + 1
        top.append(hit)
    return top + waiting + rest


def law_first(hits: list[Hit]) -> list[Hit]:
    """The hits with a law's own text first: a worked case or a commentary
    passage found first gives its place to the first provision, law or note
    with text found after it, which is what decides (the case retells it in
    everyday words, which a question at the table says too: « mon partenaire
    a laissé tomber une carte face visible » is 50B1, then its cases). The
    others keep their order."""
    if not hits or hits[0].doc.kind not in RETELLING_KINDS:
        return hits
    first = next((i for i, hit in enumerate(hits) if hit.doc.kind in LAW_KINDS and not hit.doc.secondary), None)
    if first is None:
        return hits
    return [hits[first]] + hits[:first] + hits[first + 1 :]


def texts_first(hits: list[Hit]) -> list[Hit]:
    """The hits with, in the first ``RANKING["texts_first"]``, the law's
    texts (a provision, a law's page, a note, an absent law's, a tool)
    found among the first ``RANKING["texts_window"]``, in their order: a
    worked case or a commentary passage that the query does not name
    (``Hit.first``) comes after them. A question told in the table's words
    says many words of a case, which retells a ruling in those words, by
    chance; the director looks for the provisions that decide it, and
    finds the cases below them (and on the provisions' pages). The others
    keep their order."""
    texts = [hit for hit in hits[: RANKING["texts_window"]] if hit.first or hit.doc.kind not in RETELLING_KINDS][: RANKING["texts_first"]]
    chosen = {id(hit) for hit in texts}
    return texts + [hit for hit in hits if id(hit) not in chosen]


def show_each(hits: list[Hit], named: set[str]) -> list[Hit]:
    """The hits with each ``named`` law in the first ``RANKING["diverse"]``
    (a query saying only the name of several laws: "renonce" is Laws 62,
    63 and 64): a named law missing there, in the order its documents come,
    brings its first document in place of the last one there of a law
    shown twice (not one a situation chose), which waits just after them."""
    n = RANKING["diverse"]
    top, rest = hits[:n], hits[n:]
    own = lambda hit: hit.doc.law if hit.doc.kind in LAW_KINDS else ""  # noqa: E731
    order = {}
    for i, hit in enumerate(hits):
        order.setdefault(own(hit), i)
    for law in sorted((law for law in named if law in order), key=order.__getitem__):
        if any(own(hit) == law for hit in top):
            continue
        first = next(hit for hit in rest if own(hit) == law)
        twice = [i for i, hit in enumerate(top) if own(hit) and not hit.why and sum(own(h) == own(hit) for h in top) > 1]
        if not twice:
            break
        rest.remove(first)
        rest.insert(0, top[twice[-1]])
        top[twice[-1]] = first
    return top + rest


@lru_cache(maxsize=None)
def _float32(value: float) -> float:
    """``value`` as a 32-bit float, as Whoosh's postings keep weights."""
    return struct.unpack("f", struct.pack("f", value))[0]


def _cosine(a: dict[str, float], b: dict[str, float], lengths: float) -> float:
    """The cosine of two vectors, ``lengths`` the product of their lengths."""
    dot = sum(w * b[t] for t, w in a.items() if t in b)
    return dot / (lengths or 1.0)


def build(code: Code, lang: str, translation: Translation, terms: Iterable[Term] = (), situations: Iterable[Situation] = (), **kw) -> SearchIndex:
    """The index of one language's site (see ``documents`` for ``kw``)."""
    terms = tuple(terms)
    return SearchIndex(documents(code, lang, translation, terms, **kw), lang, terms, situations)
