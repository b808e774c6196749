"""The browser's search index: a compact JavaScript file per language.

The page cannot stem French, so the linguistic work is done here with the
analyzers of the Whoosh index, and the page only folds, looks up and adds:

    fold      what folding writes in place of "œ", "’"… (``labels.fold``)
    forms     every folded surface form of the corpus and glossary, sorted
              (binary search for the word being typed), with its stem
    postings  stem → documents and their BM25F score (in hundredths)
    synonyms  the glossary's forms of each term, as stem sequences
    other     the other language's forms that this one does not read
              (``SearchIndex.other_forms``), with their marked stems, its
              stop words (left out where this language lacks the word) and
              its headings of the laws and provisions (said beside a result
              its words found)
    keep      the glossary's abbreviations ("SA", "XX"), searched as typed
              in capitals even when stop words or single letters
    numbers   ordinals and cardinals in figures → their word ("8" → "huit")
    verbs     the forms both a noun and a verb ("donne") → the verb's
              infinitive, and the words after which the verb is meant
    cards     the ranks, suits and the word between them that name a card
              ("7 de pique"), whose rank reads as the word for a card
    texts     where the files of the documents' texts are (``TEXTS``)
    docs      url, citation, heading and title of each document, the
              number of the file that holds its own text (``texts``; none
              when it shows none), whether it is secondary (1: commentary, case, absent law; 2: a tool) and
              whether it is a law's own text (1: provision, note; 2: law page)
    names     each law's names (title, glossary forms citing it) as stems
    terms     the glossary's terms (id, name, the documents its entry cites)
              and its forms as stems, for the term a query names
    sic       where a slip of the source ends in a document's text, with our
              reading, which the snippet says after it as the page does
    situations  the situations told in the language: the words their
              phrasings add to the vocabulary (and to the other
              language's), each title's and phrasing's stems (those told in
              the other language marked), how telling each stem is, the stems that stand for
              another (a suit for the suits, an honour for the honours),
              and each situation's id, title and provisions (document
              numbers)
    patterns  the word, elision and citation regexes of ``patterns``, so the
              page cuts words and reads citations exactly as Python does

Its long lists of numbers (the postings, the forms' stems, the synonyms,
the situations' phrases and weights) are ``packed``: each list's numbers as
one string, which gzip packs tighter than JSON's numbers.

The documents' own texts, which only the results' snippets read, are not
in it: they are in small files beside it (``TEXTS``), one per page of the
site (the provisions of one law, one worked case…), which the page loads for
the results it shows, as Pagefind loads its fragments: a search loads the
texts of its twenty results, not those of the whole code. So are the
glossary's definitions (``TERMS``), which the page loads the first time a
query names a term.

Each is a script, not JSON: a ``<script>`` loads from ``file://`` where
``fetch()`` cannot. The index assigns a global; a file of texts calls
``window.codebridgeSearchTexts(number, texts)``, which the page's search
defines, with the texts of its documents in their order; the file of
definitions calls ``window.codebridgeSearchTerms(definitions)``, in the
terms' order.
"""

from __future__ import annotations

from typing import Iterable

from . import analysis, labels, patterns
from .escape import json_text
from .index import LAW_KINDS, OTHER_MARK, RANKING, SearchIndex
from .strings import t

GLOBAL = "codebridgeSearchIndex"
TEXTS_CALL = "codebridgeSearchTexts"
PATH = "search/index.js"  # inside each language's site
TEXTS = "search/texts/"  # beside it: TEXTS + "<number>.js"
TERMS = TEXTS + "terms.js"  # the glossary's definitions
TERMS_CALL = "codebridgeSearchTerms"

# The digits of ``packed`` numbers: a number's last digit is one of the
# first half, the digits before it of the second half, so that numbers
# follow one another with no separator. None needs escaping in JSON or in
# a <script> ("<", ">", "&", quotes and backslash are not among them).
PACK_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+,-./:;=?@[]^_`{|}~"


def text_files(ix: SearchIndex) -> list[list[int]]:
    """The files of the documents' texts: for each, the numbers of its
    documents, in order. One per page of the site (a document's URL before
    its "#"), in the order of their first documents; a document that shows
    no text is in none."""
    files: dict[str, list[int]] = {}
    for n, doc in enumerate(ix.docs):
        if ix.shown_text(doc):
            files.setdefault(doc.url.split("#")[0], []).append(n)
    return list(files.values())


def text_file_of(ix: SearchIndex) -> dict[int, int]:
    """Each document that shows a text → the number of its file (``text_files``)."""
    return {n: k for k, numbers in enumerate(text_files(ix)) for n in numbers}


def data(ix: SearchIndex) -> dict:
    """The browser index as plain data (see the module docstring)."""
    stems = ix.all_stems()
    # forms whose stem no document holds still matter: a glossary form
    # ("claim" on the French site) leads to its term's other forms, a word
    # of a situation's phrasing to that situation
    # (and the other language's words of the situations' phrasings)
    said = {st for _, phrase in ix.situation_phrases for st in phrase}
    extra = sorted((set(ix.forms.values()) | set(ix.situation_forms.values()) | set(ix.situation_other_forms.values()) | said) - set(stems))
    stems += extra
    number = {s: i for i, s in enumerate(stems)}
    postings = []
    for stem in stems:
        flat, last = [], 0
        for doc, score in sorted(ix.stem_scores(stem).items()):
            flat += [doc - last, round(score * 100)]  # doc numbers as gaps, scores in hundredths
            last = doc
        postings.append(packed(flat))
    forms = list(ix.forms)
    text_file = text_file_of(ix)
    # the situations' own words: those the text and glossary lack
    told = [f for f in ix.situation_forms if f not in ix.forms]
    # the other language's words, read where this language's read nothing:
    # those of the text, and those the situations' phrasings add
    other = list(ix.other_forms)
    other_told = [f for f, st in ix.situation_other_forms.items() if ix.other_forms.get(f) != st]
    return {
        "lang": ix.lang,
        "patterns": {
            "token": patterns.SEARCH_TOKEN_SOURCE,
            "elision": analysis.elision_source(ix.lang),
            "otherElision": analysis.elision_source(ix.other_lang),
            "citation": patterns.js_source(patterns.CITATION_QUERY_SOURCE),
            "noteQuery": patterns.js_source(patterns.NOTE_QUERY_SOURCE),
            "lawRange": patterns.js_source(patterns.LAW_RANGE_QUERY_SOURCE),
            "citationAmid": patterns.js_source(patterns.CITATION_AMID_SOURCE),
            "labelAmid": patterns.js_source(patterns.LABEL_AMID_SOURCE),
            "labelKey": patterns.LABEL_KEY_SOURCE,
            "bareNumber": patterns.BARE_NUMBER_SOURCE,
            "citedLaw": patterns.CITED_LAW_SOURCE,
        },
        "fold": labels.FOLD_CHARS,
        "stop": " ".join(sorted(analysis.stop_words(ix.lang))),
        "keep": " ".join(sorted(ix.keep)),
        "numbers": analysis.numbers(ix.lang),
        "verbs": {"forms": analysis.ambiguous_forms(ix.lang), "cues": " ".join(sorted(analysis.VERB_CUES[ix.lang])), "endings": list(analysis.PARTICIPLE_ENDINGS)},
        "determined": {"forms": analysis.AFTER_DETERMINER[ix.lang], "determiners": " ".join(sorted(analysis.DETERMINERS[ix.lang]))},
        "ranking": RANKING,
        "inflections": analysis.INFLECTION_ENDINGS[ix.lang],
        "adverbs": analysis.ADVERB_ENDINGS[ix.lang],
        "doubledFeminine": analysis.DOUBLED_FEMININE[ix.lang],
        "verbEndings": analysis.VERB_ENDINGS[ix.lang],
        "cards": analysis.card_ranks(ix.lang),
        "forms": " ".join(forms),
        "packDigits": PACK_DIGITS,
        "formStems": packed(number[ix.forms[f]] for f in forms),
        "stems": " ".join(stems),
        "postings": postings,
        "synonyms": [[packed(number[s] for s in phrase) for phrase in group] for group in ix.synonyms],
        "other": {
            "forms": " ".join(other),
            "formStems": packed(number[ix.other_forms[f]] for f in other),
            "stop": " ".join(sorted(analysis.stop_words(ix.other_lang))),
            # the heading there of each law and provision, said beside a result
            # that the other language's words found ("En anglais : Declarer shows…")
            "lang": ix.other_lang,
            "mark": OTHER_MARK,
            "label": t(ix.lang, "search.other_heading"),
            "titles": [[n, title] for n, (title, _) in enumerate(ix.other_texts) if title],
        },
        "texts": TEXTS,
        "docs": [
            [d.url, d.citation, d.heading if d.heading != d.title else None, d.title, text_file.get(n), d.search_key, d.law, 2 if d.kind == "tool" else int(d.secondary), 2 if d.kind == "law" else int(d.kind in LAW_KINDS)]
            for n, d in enumerate(ix.docs)
        ],
        "names": [[n, [sorted(number[s] for s in name) for name in names]] for n, names in ix.law_names.items() if names],
        # the glossary's terms, shown above the results of a query that is one of their forms (``SearchIndex.defined``)
        "terms": {
            "said": t(ix.lang, "search.term"),
            "list": [[term.id, term.name(ix.lang), ix.term_numbers(term)] for term in ix.terms],
            "file": TERMS,  # their definitions
            "forms": [[[number[s] for s in stems], i] for stems, i in ix.term_forms.items()],
        },
        "sic": {
            "lead": t(ix.lang, "sic.lead"),
            "end": t(ix.lang, "sic.end"),
            # document, where the slip ends in its text (in UTF-16 units, as
            # the page counts), our reading
            "at": [[n, _utf16(d.text, at), read] for n, d in enumerate(ix.docs) for at, read in d.slips],
        },
        "situations": {
            "label": t(ix.lang, "situations.search_label"),
            "forms": " ".join(told),
            "formStems": packed(number[ix.situation_forms[f]] for f in told),
            "otherForms": " ".join(other_told),
            "otherStems": packed(number[ix.situation_other_forms[f]] for f in other_told),
            "phrases": _runs((i, packed(number[s] for s in stems)) for i, stems in ix.situation_phrases),
            "idf": packed(_deltas(sorted((number[s], round(w * 1000)) for s, w in ix.situation_idf.items()))),
            "classes": [[number[s], number[c]] for s, c in sorted(ix.situation_classes.items()) if s != c and s in number],
            "list": [[s.id, s.telling(ix.lang).title, docs] for s, docs in zip(ix.situations, ix.situation_docs)],
        },
    }


def packed(numbers: Iterable[int]) -> str:
    """Numbers (none negative) as one string: each in base 44, its digits
    from the most significant, the last from the first half of
    ``PACK_DIGITS``, those before it from the second (``[3, 50, 0]`` →
    "3j60"). Gzip packs it tighter than the numbers as JSON, a tenth of
    the lists it holds (the postings, the situations' phrases)."""
    half = len(PACK_DIGITS) // 2
    out = []
    for n in numbers:
        if n < 0:
            raise ValueError(f"a packed number is never negative: {n}")
        digits = [PACK_DIGITS[n % half]]
        n //= half
        while n:
            digits.append(PACK_DIGITS[half + n % half])
            n //= half
        out += reversed(digits)
    return "".join(out)


def unpacked(text: str) -> list[int]:
    """The numbers of a ``packed`` string, read as the page reads them."""
    half = len(PACK_DIGITS) // 2
    out, n = [], 0
    for c in text:
        v = PACK_DIGITS.index(c)
        if v >= half:
            n = n * half + v - half
        else:
            out.append(n * half + v)
            n = 0
    return out


def _runs(phrases) -> list[list]:
    """(situation, stems) pairs as runs: the situation's number once, then
    the stems of each of its phrases that follow one another
    (``[[0, "31", "4"], [1, "2"]]``)."""
    out: list[list] = []
    for i, stems in phrases:
        if out and out[-1][0] == i:
            out[-1].append(stems)
        else:
            out.append([i, stems])
    return out


def _deltas(pairs) -> list[int]:
    """(stem number, weight) pairs, in the stems' order, as one flat list
    whose numbers each say how far on from the last one the stem is
    (``[(3, 9), (5, 7)]`` → ``[3, 9, 2, 7]``): small numbers, which gzip
    packs tighter."""
    out: list[int] = []
    last = 0
    for n, w in pairs:
        out += [n - last, w]
        last = n
    return out


def _utf16(text: str, at: int) -> int:
    """The offset ``at`` of ``text`` counted as a page counts it, in UTF-16 units."""
    return len(text[:at].encode("utf-16-le")) // 2


def script(ix: SearchIndex) -> str:
    """The index as a script assigning ``window.codebridgeSearchIndex``."""
    body = json_text(data(ix), separators=(",", ":"))
    return (
        f"/* Code du bridge: search index ({ix.lang}), generated by codebridge.searchdata. */\n"
        f"window.{GLOBAL}={body};\n"
    )


def texts(ix: SearchIndex) -> dict[str, str]:
    """The files of the documents' texts (``text_files``) and of the
    glossary's definitions (``TERMS``): path → script."""
    out = {
        f"{TEXTS}{k}.js": f"window.{TEXTS_CALL}({k},{json_text([ix.shown_text(ix.docs[n]) for n in numbers], separators=(',', ':'))});\n"
        for k, numbers in enumerate(text_files(ix))
    }
    out[TERMS] = f"window.{TERMS_CALL}({json_text([term.definition(ix.lang) for term in ix.terms], separators=(',', ':'))});\n"
    return out
