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

The browser index (``searchdata``) ships the same stems, scores and rules, so
the page ranks as ``codebridge search`` does; ``RANKING`` holds the weights
both use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable, Literal

from whoosh import fields
from whoosh.filedb.filestore import RamStorage
from whoosh.scoring import BM25F

from . import analysis, labels
from .patterns import LABEL_KEY
from .glossary import Term
from .layers import note_key
from .model import Block, Code, Label, Source
from .render import note_id
from .strings import t

# A worked example retells the law in its own words: its text is a field of
# its own, weighted below the law's, so that a provision outranks the cases
# quoting it for the law's words, and so that the cases leave the laws'
# field statistics (lengths) as they are.
CASE_WEIGHT = 0.4

# Field weights (Whoosh field boosts): a word of a title says what the
# provision is about.
FIELD_BOOSTS = {"title": 3.0, "gloss": 1.0, "text": 1.0, "context": 0.25, "case": CASE_WEIGHT}
# What a document says itself, without the titles above it: what "See also"
# compares and the alphabetical Index lists.
OWN_FIELDS = ("title", "gloss", "text")

RANKING = {
    "prefix": 0.6,  # a stem reached by completing the word being typed
    "fuzzy1": 0.7,  # a stem reached through one edit (a typo)
    "fuzzy2": 0.5,  # … through two edits, for words of 8 letters or more
    "synonym": 0.9,  # another form of the same glossary term
    "title": 1.0,  # bonus for a title the query covers: × (1 + title × share²)
    "max_prefix": 12,  # stems tried for a word being typed
    "max_fuzzy": 6,  # stems tried for an unknown word
}

# Stems of the words that cite ("voir Loi 45C4(b)"), left out of "See also".
CITATION_WORDS = {"loi", "law", "voir", "see", "annex", "annexe"}

PASSAGE_WORDS = 50  # a commentary is indexed in passages of about this many words

WORDS = {
    "fr": {"note": "note FFB", "commentary": "Commentaire"},
    "en": {"note": "FFB note", "commentary": "Commentary"},
}


@dataclass(frozen=True)
class Document:
    """What search returns: a provision, a law (its title and opening
    alinéas), an FFB note or a commentary page."""

    key: str  # unique: the anchor, "note-41-11", "commentaire-<slug>-<passage>"
    kind: Literal["law", "provision", "note", "commentary", "case"]
    law: str  # the law it belongs to ("" for a commentary)
    label: Label | None
    citation: str  # "Loi 64B7", "Loi 41 · note FFB (11)"
    heading: str  # its title, or the nearest title above it
    title: str  # its own title (weighted)
    text: str  # its own text (the snippet)
    gloss: str = ""  # for an absent law: the glossary terms citing it, with their definitions
    context: str = ""  # the titles above it (its law's, its section's): what it is about
    url: str = ""  # relative to the site root
    search_key: str = ""  # ``labels.search_key`` of its label

    def __repr__(self) -> str:
        return f"Document({self.key})"


def documents(
    code: Code,
    lang: str,
    texts: Callable[[str, str], str],
    terms: Iterable[Term] = (),
    *,
    commentaries: Iterable[tuple[Source, str, list[tuple[str, str]]]] = (),
    cases: Iterable[tuple[str, str, str, str]] = (),
    directory_urls: bool = True,
) -> list[Document]:
    """Every searchable document of one language's site, in code order.

    ``texts(key, fr)`` gives a unit's text in ``lang``; ``commentaries`` are
    (source, page source path, [(paragraph anchor, text)]) for the commentary
    pages the site has; ``cases`` are (id, URL, title, text) of the worked
    examples, one document each, landing on the case page.
    """
    words = WORDS[lang]
    # A law the sources lack is known by its title and by what the glossary
    # says of it: the terms citing it and their definitions.
    gloss: dict[Label, list[str]] = {}
    for term in terms:
        for label in term.laws:
            gloss.setdefault(label, []).extend(term.forms(lang) + (term.def_fr if lang == "fr" else term.def_en,))

    out: list[Document] = []
    for law in code.laws:
        law_title = texts(f"{law.number}:title", law.title) if law.title else ""
        out.append(
            Document(
                key=labels.anchor(law.label),
                kind="law",
                law=law.number,
                label=law.label,
                citation=labels.cite(law.label, lang),
                heading=law_title,
                title=law_title,
                text=_own_text(law.label, law.content, texts),
                gloss="" if law.present else " · ".join(gloss.get(law.label, [])),
                url=labels.url(law.label, directory_urls),
                search_key=labels.search_key(law.label),
            )
        )
        if not law.present:
            continue
        headings = {law.label: law_title}
        above = {law.label: [law_title] if law_title else []}
        for p in law.provisions():
            title = texts(f"{labels.anchor(p.label)}:title", p.title) if p.title else ""
            headings[p.label] = title or headings[p.label[:-1]]
            above[p.label] = above[p.label[:-1]] + ([title] if title else [])
            out.append(
                Document(
                    key=labels.anchor(p.label),
                    kind="provision",
                    law=law.number,
                    label=p.label,
                    citation=labels.cite(p.label, lang),
                    heading=headings[p.label],
                    title=title,
                    text=_own_text(p.label, p.content, texts),
                    context=" · ".join(above[p.label[:-1]]),
                    url=labels.url(p.label, directory_urls),
                    search_key=labels.search_key(p.label),
                )
            )
        for note in law.notes:
            nid = note_id(law.number, note.marker)
            out.append(
                Document(
                    key=nid,
                    kind="note",
                    law=law.number,
                    label=None,
                    citation=f"{labels.cite(law.label, lang)} · {words['note']} {note.marker}",
                    heading=law_title,
                    title="",
                    text=texts(note_key(law.number, note), note.text),
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
                    key=f"commentaire-{source.slug}-{i + 1}",
                    kind="commentary",
                    law="",
                    label=None,
                    citation=words["commentary"],
                    heading=source.title,
                    title="",
                    text=passage,
                    url=labels.page_url(src, directory_urls) + "#" + anchor,
                )
            )
    for case_id, url, title, text in cases:
        # the title goes in the text, not the title field: a case's title
        # restates the law, and must not win the title bonus over it
        out.append(
            Document(
                key=f"exemple-{case_id}",
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


def _own_text(label: Label, content, texts) -> str:
    """The alinéas and dashed items of a law or provision, not its children's."""
    parts, i = [], 0
    for item in content:
        if isinstance(item, Block):
            text = texts(f"{labels.anchor(label)}:{i}", item.text)
            parts.append(("– " if item.kind == "item" else "") + text)
            i += 1
    return " ".join(parts)


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


def fuzzy_limit(word: str) -> int:
    """Edits allowed for an unknown word: none under 4 letters, two from 8
    (and from 6 when no word is one edit away: ``SearchIndex._near``)."""
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


class SearchIndex:
    """The Whoosh index of one language, with the surface forms, glossary
    synonyms and citation keys that search needs."""

    def __init__(self, docs: list[Document], lang: str, terms: Iterable[Term] = ()):
        self.docs = docs
        self.lang = lang
        self.terms = tuple(terms)
        # "SA", "XX", "ADG"…: the glossary's abbreviations, in both languages
        self.keep = analysis.abbreviations(f for term in self.terms for lang_ in analysis.LANGS for f in term.forms(lang_))
        ana = analysis.analyzer(lang, keep=self.keep)
        schema = fields.Schema(
            key=fields.ID(stored=True, unique=True),
            kind=fields.ID(stored=True),
            title=fields.TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["title"]),
            gloss=fields.TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["gloss"]),
            text=fields.TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["text"]),
            context=fields.TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["context"]),
            case=fields.TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["case"]),
        )
        self.whoosh = RamStorage().create_index(schema)
        writer = self.whoosh.writer()
        for doc in docs:
            text, case = ("", doc.text) if doc.kind == "case" else (doc.text, "")
            writer.add_document(key=doc.key, kind=doc.kind, title=doc.title, gloss=doc.gloss, text=text, context=doc.context, case=case)
        writer.commit()
        self.searcher = self.whoosh.searcher(weighting=BM25F(gloss_B=0.2))
        self._number = {d.key: i for i, d in enumerate(docs)}
        self._stem_scores: dict[tuple[str, bool], dict[int, float]] = {}

    def close(self) -> None:
        self.searcher.close()

    # -- vocabulary ------------------------------------------------------------
    def _stems(self, text: str) -> list[str]:
        return analysis.stems(self.lang, text, self.keep)

    def _surface_forms(self, text: str):
        return analysis.surface_forms(self.lang, text, self.keep)

    @cached_property
    def forms(self) -> dict[str, str]:
        """Every folded surface form of the corpus and of the glossary → its stem."""
        out: dict[str, str] = {}
        texts = [t for d in self.docs for t in (d.title, d.text, d.gloss)]
        texts += [form for term in self.terms for lang in analysis.LANGS for form in term.forms(lang)]
        for text in texts:
            for (form, _, _), stem in zip(self._surface_forms(text), self._stems(text)):
                out[form] = stem
        # ordinals in figures and in words, as typed: the page looks up "12e"
        for figures, word in analysis.ordinals(self.lang).items():
            out[figures] = out[word] = self._stems(word)[0]
        return dict(sorted(out.items()))

    @cached_property
    def synonyms(self) -> list[tuple[tuple[str, ...], ...]]:
        """For each glossary term, its forms in both languages as stem
        sequences (the site's analyzer), distinct and non-empty."""
        out = []
        for term in self.terms:
            phrases = []
            for lang in analysis.LANGS:
                for form in term.forms(lang):
                    stems = tuple(self._stems(form))
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
            scores: dict[int, float] = {}
            for name in OWN_FIELDS if own else FIELD_BOOSTS:
                if (name, stem) not in self.searcher.reader():
                    continue
                m = self.searcher.postings(name, stem)
                while m.is_active():
                    scores[m.id()] = scores.get(m.id(), 0.0) + m.score()
                    m.next()
            # kept to hundredths, as the browser index ships them, so that
            # the page and ``search`` rank alike
            self._stem_scores[stem, own] = {n: max(1, round(s * 100)) / 100 for n, s in scores.items()}
        return self._stem_scores[stem, own]

    def all_stems(self) -> list[str]:
        """Every stem that some document holds, sorted."""
        reader = self.searcher.reader()
        return sorted({t.decode("utf-8") for name in FIELD_BOOSTS for t in reader.lexicon(name)})

    # -- queries ---------------------------------------------------------------
    def clauses(self, query: str, typing: bool = False) -> list[Clause]:
        """The query read word by word. With ``typing``, the last word may be
        the beginning of a longer one."""
        found = list(self._surface_forms(query))
        words = [form for form, _, _ in found]
        # an abbreviation typed in capitals is a whole word: not completed
        typing = typing and bool(words) and not query[-1:].isspace() and query[found[-1][1] : found[-1][2]] not in self.keep
        exact = [self.forms.get(w) for w in words]
        alternatives: list[list[Alternative]] = []
        for i, word in enumerate(words):
            alts = []
            if exact[i]:
                alts.append(Alternative((exact[i],), 1.0))
            # the word being typed, or one the corpus lacks as such ("retract"
            # where the text says "retraction"), may begin a longer word
            being_typed = typing and i == len(words) - 1
            if being_typed or not exact[i]:
                alts += [Alternative((s,), RANKING["prefix"]) for s in self._completions(word) if s != exact[i]]
            # an unknown word, unless it is being typed and begins some, may be a typo
            if not exact[i] and not (being_typed and alts):
                have = {a.stems for a in alts}
                alts += [a for a in self._near(word) if a.stems not in have]
            alternatives.append(alts)
        # a run of words that reads as a form of a glossary term, exactly or
        # through a completion or a typo, also stands for the term's other
        # forms, as surely as its least sure word
        reads: list[dict[str, float]] = [{} for _ in alternatives]
        for read, alts in zip(reads, alternatives):
            for a in alts:
                read.setdefault(a.stems[0], a.weight)
        for start, end, phrases, sure in self._glossary_spans(reads):
            weight = RANKING["synonym"] * sure
            for clause in alternatives[start:end]:
                known: dict[tuple[str, ...], float] = {}
                for a in clause:
                    known[a.stems] = max(known.get(a.stems, 0.0), a.weight)
                clause += [Alternative(p, weight) for p in phrases if known.get(p, 0.0) < weight]
        return [Clause(w, tuple(a)) for w, a in zip(words, alternatives)]

    def _completions(self, word: str) -> list[str]:
        """Stems of the known forms that begin with ``word``, shortest form first."""
        found = sorted((f for f in self.forms if f.startswith(word)), key=lambda f: (len(f), f))
        out: list[str] = []
        for form in found:
            if self.forms[form] not in out:
                out.append(self.forms[form])
            if len(out) == RANKING["max_prefix"]:
                break
        return out

    def _near(self, word: str) -> list[Alternative]:
        """Stems of the known forms nearest an unknown word, one or two edits
        away; a word of six or seven letters with nothing one edit away is
        given a second edit ("aribrte" → "arbitre")."""
        limit = fuzzy_limit(word)
        if not limit:
            return []
        found = sorted((d, f) for f in self.forms if (d := edit_distance(word, f, limit)) <= limit)
        if not found and limit == 1 and len(word) >= 6:
            found = sorted((d, f) for f in self.forms if (d := edit_distance(word, f, 2)) <= 2)
        out: dict[str, float] = {}
        for d, form in found:
            if d > found[0][0]:
                break  # only the nearest: "asistant" is "assistant", not also "existant"
            out.setdefault(self.forms[form], RANKING["fuzzy1"] if d == 1 else RANKING["fuzzy2"])
        return [Alternative((s,), w) for s, w in list(out.items())[: RANKING["max_fuzzy"]]]

    def _glossary_spans(self, reads: list[dict[str, float]]):
        """(start, end, phrases, sureness): runs of the query's words that may
        read as a form of a glossary term (``reads``: each word's possible
        stems → weight), with all the forms of that term and the least
        weight of the run's words."""
        for phrases in self.synonyms:
            for phrase in phrases:
                n = len(phrase)
                for start in range(len(reads) - n + 1):
                    if all(s in reads[start + k] for k, s in enumerate(phrase)):
                        yield start, start + n, phrases, min(reads[start + k][s] for k, s in enumerate(phrase))

    def search(self, query: str, limit: int = 10, typing: bool = False) -> list[Hit]:
        """The best documents for a query: a cited provision first, with the
        provisions under it (those the other words find first, when the
        citation stands among words), then the others by score."""
        hits: list[Hit] = []
        cited, words = self._citation(query)
        ranked = self.rank(self.clauses(words, typing))
        if cited:
            under = [d for d in self.docs if d.law == cited.law and d.search_key.startswith(cited.search_key) and d is not cited]
            if words != query:  # a citation among words: those the words find first
                order = {h.doc.key: i for i, h in enumerate(ranked)}
                under.sort(key=lambda d: order.get(d.key, len(order)))
            hits += [Hit(d, float("inf")) for d in [cited] + under[:limit]]
        seen = {h.doc.key for h in hits}
        for hit in ranked:
            if hit.doc.key not in seen:
                hits.append(hit)
        return hits[:limit]

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
        if key not in self._keys and LABEL_KEY.match(key):
            while key and key not in self._keys:
                key = key[:-1]
        return self._keys.get(key), words

    @cached_property
    def _keys(self) -> dict[str, Document]:
        return {d.search_key: d for d in self.docs if d.search_key}

    def rank(self, clauses: list[Clause], own: bool = False) -> list[Hit]:
        """Documents matching more words of the query first; among those, by
        score: the sum, over the words, of the best alternative's mean stem
        score, times the title bonus (with ``own``, on what the documents
        say themselves, not the titles above them)."""
        if not clauses:
            return []
        total: dict[int, float] = {}
        matched: dict[int, int] = {}
        stems: dict[int, set[str]] = {}
        for clause in clauses:
            best: dict[int, float] = {}
            best_stems: dict[int, tuple[str, ...]] = {}
            for alt in clause.alternatives:
                tables = [self.stem_scores(s, own) for s in alt.stems]
                common = set(tables[0]).intersection(*tables[1:])
                for n in common:
                    score = alt.weight * sum(t[n] for t in tables) / len(tables)
                    if score > best.get(n, 0.0):
                        best[n], best_stems[n] = score, alt.stems
            for n, score in best.items():
                total[n] = total.get(n, 0.0) + score
                matched[n] = matched.get(n, 0) + 1
                stems.setdefault(n, set()).update(best_stems[n])
        hits = [Hit(self.docs[n], s * self._title_bonus(n, stems[n]), frozenset(stems[n]), matched[n]) for n, s in total.items()]
        order = {d.key: n for n, d in enumerate(self.docs)}
        hits.sort(key=lambda h: (-h.matched, -h.score, order[h.doc.key]))
        return hits

    @cached_property
    def _title_stems(self) -> list[frozenset[str]]:
        return [frozenset(self._stems(d.title)) for d in self.docs]

    def _title_bonus(self, n: int, matched: set[str]) -> float:
        """More for a document whose title the query says entirely: "l'arbitre"
        is Law 81, "L'arbitre", before the many provisions naming him."""
        title = self._title_stems[n]
        if not title:
            return 1.0
        share = len(title & matched) / len(title)
        return 1.0 + RANKING["title"] * share**2

    # -- snippets --------------------------------------------------------------
    def snippet(self, doc: Document, stems: Iterable[str], width: int = 160, mark=("[", "]")) -> str:
        """About ``width`` characters of the document's text around its best
        run of matched words, each matched word between ``mark``."""
        text = doc.text or doc.title
        wanted = set(stems)
        spans = [(a, b) for form, a, b in self._surface_forms(text) if self.forms.get(form) in wanted]
        start = 0
        if spans:
            # the window holding the most matches, starting a little before the first
            best = max(range(len(spans)), key=lambda i: sum(1 for a, _ in spans[i:] if a < spans[i][0] + width))
            start = max(0, spans[best][0] - 30)
            start = text.rfind(" ", 0, start) + 1 if start else 0
        end = min(len(text), start + width)
        if end < len(text):
            end = max(text.rfind(" ", start, end), start + width // 2)
        out, pos = [], start
        for a, b in spans:
            if a >= start and b <= end:
                out += [text[pos:a], mark[0], text[a:b], mark[1]]
                pos = b
        out.append(text[pos:end])
        return ("… " if start else "") + "".join(out) + (" …" if end < len(text) else "")

    # -- what the site builds from the index -----------------------------------
    def related(self, law: str, limit: int = 5) -> list[Hit]:
        """The laws closest to ``law`` in vocabulary (cosine of their BM25F
        vectors, titles weighted as in search), each by its closest provision,
        best first: the law page's "See also"."""
        vectors = self._law_vectors
        if law not in vectors:
            return []
        mine = vectors[law]
        laws = sorted(
            ((_cosine(mine, theirs), other) for other, theirs in vectors.items() if other != law),
            key=lambda x: (-x[0], x[1]),
        )[:limit]
        hits = []
        for similarity, other in laws:
            closest: dict[int, float] = {}
            for stem, weight in mine.items():
                for n, score in self.stem_scores(stem, own=True).items():
                    if self.docs[n].law == other and self._related_candidate(n):
                        closest[n] = closest.get(n, 0.0) + weight * score
            if not closest:  # nothing of that law shares a word with this one's own text
                continue
            n = max(closest, key=lambda n: (closest[n] / self._norms[n], -n))
            hits.append(Hit(self.docs[n], similarity))
        return hits

    def _related_candidate(self, n: int) -> bool:
        # provisions, and a law's opening alinéas; not notes, commentaries,
        # nor the title of a law the sources lack
        doc = self.docs[n]
        return doc.kind == "provision" or (doc.kind == "law" and bool(doc.text))

    @cached_property
    def _law_vectors(self) -> dict[str, dict[str, float]]:
        """Each law's stems → the sum of their scores over its documents."""
        vectors: dict[str, dict[str, float]] = {}
        for stem in self.all_stems():
            if any(c.isdigit() for c in stem) or stem in CITATION_WORDS:
                continue  # citations say where to look, not what about
            for n, score in self.stem_scores(stem, own=True).items():
                if self._related_candidate(n):
                    vector = vectors.setdefault(self.docs[n].law, {})
                    vector[stem] = vector.get(stem, 0.0) + score
        return vectors

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
        then the provisions where one of its forms scores best (every word of
        the form present)."""
        out: list[Document] = []
        for label in term.laws:
            doc = self.docs[self._number[labels.anchor(label)]]
            out.append(doc)
        found: dict[str, float] = {}
        for form in term.forms(self.lang):
            clauses = self.clauses(form)
            if not clauses:
                continue
            for hit in self.rank(clauses, own=True):
                if hit.doc.kind == "provision" and hit.matched == len(clauses):
                    found[hit.doc.key] = max(found.get(hit.doc.key, 0.0), hit.score)
        for key, _ in sorted(found.items(), key=lambda x: -x[1]):
            if len(out) >= limit:
                break
            doc = self.docs[self._number[key]]
            if doc not in out:
                out.append(doc)
        return out


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    dot = sum(w * b[t] for t, w in a.items() if t in b)
    return dot / (math.sqrt(sum(w * w for w in a.values())) * math.sqrt(sum(w * w for w in b.values())) or 1.0)


def build(code: Code, lang: str, texts, terms: Iterable[Term] = (), **kw) -> SearchIndex:
    """The index of one language's site (see ``documents`` for ``kw``)."""
    terms = tuple(terms)
    return SearchIndex(documents(code, lang, texts, terms, **kw), lang, terms)
