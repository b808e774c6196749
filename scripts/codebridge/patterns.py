"""Every regular expression of the project, in one place.

Each pattern is verbose, with named groups and a comment per branch. The
phrases they must match (and must not) are tabled in ``tests/``.
"""

from __future__ import annotations

import re

# --------------------------------------------------------------------------
# Page furniture: whole lines that are navigation or page chrome, not law text.
# Matched against the stripped line; the list is explicit on purpose, so that
# nothing else can ever be dropped silently.
FURNITURE = frozenset(
    {
        "sportsregions",  # site banner
        "Publiée le",  # publication stamp with its date lost
        "Sommaire · Définitions, lois 1 à 16 · Lois 17 à 39 · Lois 40 à 64 · Lois 65 à 93 · Index",
        "Haut de la loi · Sommaire",  # after each law in seed 001
        "↑Revenir en haut de la page☰Retour au sommaire du Code",
        "Code international – Lois 65 à 93",  # page title of seed 001
        "Code international – Définitions, lois 1 à 16",  # the same site's titles of its other pages,
        "Code international – Lois 17 à 39",  # for a source of the laws the seeds lack
        "Code international – Lois 40 à 64",
        "Code International du bridge 2017",  # stray page title inside Loi 80
    }
)

# A roman part of a label is the same everywhere: one to five of i, v, x
# (as the parser's markers read it); every pattern below takes it from here.
ROMAN = r"[ivx]{1,5}"

# --------------------------------------------------------------------------
# Law headings. "Loi 40 – Entente entre partenaires", "LOI 73 – …",
# "Annexe – Utilisation des boîtes à annonces". The dash is the en dash the
# sources print; a line such as "Loi 73C)." has none and is not a heading.
HEADING = re.compile(
    r"""^(?:
          (?:Loi|LOI)\ (?P<number>\d{1,3})      # Loi 40 / LOI 73 (and "Loi 040", "Loi 100": refused)
        | (?P<annex>Annexe)                     # the FFB annex
        )
        \ –\ (?P<title>\S.*)$                   # en dash, then the title
    """,
    re.VERBOSE,
)

# --------------------------------------------------------------------------
# The Definitions, printed before Law 1: their heading on a line of its own,
# then each term, a dash and its text ("Adversaire – un joueur du camp
# adverse ; …"). A term begins with a capital letter and holds no dash.
DEFINITIONS_HEADING = re.compile(r"^(?:D[ée]finitions|D[ÉE]FINITIONS)(?:\ ?:)?$")  # "Définitions", "DEFINITIONS :"
DEFINITION = re.compile(
    r"""^(?P<term>[A-ZÀ-Ý][^–—-]{0,60}?)        # the term: "Adversaire", "Carte pénalisée"
        \ (?P<dash>[–—-])                       # a dash as printed: en dash, em dash or hyphen
        (?:\ (?P<text>\S.*))?$                   # then its text (or its numbered items, below)
    """,
    re.VERBOSE,
)

# --------------------------------------------------------------------------
# Structural markers at the start of a (stripped) line.
MARKER = re.compile(
    r"""^(?:
          (?P<section>[A-Z])\.\ (?=\S)          # "A. Titre"
        | (?P<number>\d{1,2})\.(?:\ |(?=[A-ZÀ-Ý(]))  # "1. texte", "1.Carte" (no space)
        | (?P<paren_number>\d{1,2})\)\ (?=\S)   # annex sub-items "1) texte"
        | \((?P<letter>[a-z]|""" + ROMAN + r""")\)      # "(a)" or "(iv)": decided by context
          (?:\ |$)
        | (?P<dash>-)\ (?=\S)                   # dashed item "- texte"
        )""",
    re.VERBOSE,
)

# A footnote definition at the start of a line: "(9) L'organisme…", "* Aucun…".
NOTE_DEFINITION = re.compile(
    r"""^(?:
          (?P<number>\(\d{1,2}\))\ (?=\S)       # numbered FFB note "(9) "
        | (?P<stars>\*{1,3})\ (?=\S)            # starred FFB note "** "
        )""",
    re.VERBOSE,
)

# A call of a numbered note inside the text: "(9)". Which numbers are calls is
# decided by the notes the law defines.
NOTE_CALL_NUMBER = re.compile(r"\((?P<number>\d{1,2})\)")

# A number in brackets standing as a word ("ajustée (1).", "(12) et"), the
# shape of a note call: one whose law defines no such note is an error
# (a note lost). Glued to a word ("alert(1)", "16B1(a)") it is no call.
NOTE_CALL_SHAPED = re.compile(r"(?:(?<=\s)|^)\((?P<number>\d{1,2})\)(?=[\s,.;:)\]]|$)")

# A call of a starred note: stars standing alone between spaces or before
# punctuation ("obligatoires *, par", "l'Epreuve » *, soumise", "***.").
NOTE_CALL_STARS = re.compile(
    r"""(?<=\s)(?P<stars>\*{1,3})(?=[\s,.;:]|$)""",
    re.VERBOSE,
)

# --------------------------------------------------------------------------
# Search. The three ``*_SOURCE`` strings are written in the common subset of
# Python and JavaScript regular expressions: the browser index ships them, so
# that the page cuts, folds and recognises exactly as the Python analyzers do.

# The letters of a word (Latin-1 and œ, enough for French and English) and
# digits, as a character class's content: the word patterns below share it.
WORD_CHARS = "0-9A-Za-zÀ-ÖØ-öø-ÿŒœ"

# A word for search: those letters and digits, with inner apostrophes kept
# so that elisions can be split off by ELISION ("l’arbitre", "d'appel",
# "jusqu’à", "director's").
SEARCH_TOKEN_SOURCE = rf"[{WORD_CHARS}]+(?:['’][{WORD_CHARS}]+)*"
SEARCH_TOKEN = re.compile(SEARCH_TOKEN_SOURCE)
# « contre » before a determiner or a pronoun is the preposition (« résolu
# contre le joueur »), not the call (« un Contre ou un Surcontre »): the
# search index leaves it out of a text (``analysis.indexed_text``)
FRENCH_PREPOSITION = re.compile(
    r"\bcontre(?=\s+(?:l['’]|(?:le|la|les|un|une|des|du|au|aux|son|sa|ses|leur|leurs|lui|elle|elles|eux|tout|toute|tous|toutes"
    r"|ce|cet|cette|ces|mon|ma|mes|ton|ta|tes|notre|nos|votre|vos|quiconque)\b))",
    re.IGNORECASE,
)

# The elided word at the start of a folded French token, dropped by the
# analyzer: "l'", "d'", "qu'" and the conjunctions that elide before a vowel
# ("lorsqu'il", "jusqu'a"). Applied after folding, so ’ is already '.
ELISION_SOURCE = r"^(?:[cdjlmnst]|qu|lorsqu|puisqu|jusqu|quoiqu|presqu)'"
ELISION = re.compile(ELISION_SOURCE)

# An English possessive at the end of a folded token ("director's").
POSSESSIVE = re.compile(r"'s$")

# A citation typed in the search box, once folded: an optional "loi"/"law",
# a law number or the annex, then section, paragraph, letters and romans with
# any spacing, commas or brackets between them ("64B7", "loi 45C4(b)",
# "loi 64 b 7", "Loi 64, B7", "40B2(a)(v)", "annexe 1.2", "loi n° 71").
# Whether it names a provision is decided by the citation keys
# (``labels.search_key``), not here.
CITATION_QUERY_SOURCE = (
    r"^[\s(§]*(?:(?:loi|lois|law|laws|l|art|article)[.\-_]?\s*(?:n[o°]\.?\s*)?)?"  # the word, if typed ("loi n° 71", "(64B7)", "L64", "art. 64", "loi-64b7" as a URL writes it)
    r"(?P<law>\d{1,2}|ann?exe?)"  # law number, "annexe", "annex" (or "anexe")
    r"(?P<rest>(?:[\s.,()\-_&]*[a-z0-9])*)[\s.,()\-_&]*$"  # the rest of the label, loosely spaced ("64_&B3", "57&A", as a commentary writes it)
)
CITATION_QUERY = re.compile(CITATION_QUERY_SOURCE)

# A range of laws typed in the search box, once folded, with its word or
# without: "lois 61 à 64", "loi 61 a 64", "laws 61 to 64", "lois 61-64",
# "Lois 61 à la loi 64", "62-64", "62 à 64" (``analysis.law_range``; the
# page reads it from the index).
LAW_RANGE_QUERY_SOURCE = (
    r"^[\s(§]*(?:(?:lois|laws|loi|law)\s*(?:n[o°]s?\.?\s*)?)?(?P<first>\d{1,2})\s*"
    r"(?:a|au|to|through|-|–|—|jusqu'?a|jusqu'?au)\s*(?:(?:la\s+)?(?:loi|law)\s*)?(?P<last>\d{1,2})[\s.)]*$"
)
LAW_RANGE_QUERY = re.compile(LAW_RANGE_QUERY_SOURCE)

# An FFB note cited by the number printed beside the text, on the folded
# query: "note 19", "note (19)", "note FFB 19", "FFB note 19", "note n° 19",
# "notes 19", "note 64-19" (its law before it, as its anchor writes it),
# "footnote 19", "note de bas de page 19"; with its law named before or after
# it ("loi 64 note 19", "64 note 19", "note 19 de la loi 64", "note 19 law
# 64"), which its number alone says; its key is ``labels.note_search_key``'s.
NOTE_QUERY_SOURCE = (
    r"^[\s(]*(?:(?:(?:la\s+)?(?:loi|law)\s*)?\d{1,2}\s*,?\s*)?"
    r"(?:ffb\s*)?(?:foot\s*)?notes?\s*(?:de\s+bas\s+de\s+page\s*)?(?:ffb\s*)?(?:n[o°]\.?\s*)?\(?(?:\d{1,2}\s*[-.]\s*)?(?P<note>\d{1,2})\)?"
    r"(?:\s*,?\s*(?:(?:de\s+la|du|of|in)\s+)?(?:loi|law)\s*\d{1,2})?[\s.)]*$"
)
NOTE_QUERY = re.compile(NOTE_QUERY_SOURCE)

# A citation amid other words, matched on the query as typed, in any case:
# with its word ("voir Loi 64B7", "loi 64 renonce", "revoke law 64", "annexe
# 3 stop") or, without it, with its section letter in capitals ("64B7
# renonce", "45C4(b)": not "12e levée", an ordinal) or in small letters
# followed by its paragraph ("64b7 renonce"). The label is strictly
# shaped, each letter standing alone, so that the next word is not read as
# part of it ("loi 50 carte" is Law 50). Without its word, a level and a
# strain in capitals is a bid, not a label: "claimed in 4H", "what my 2C
# meant", "3D" (Laws 1 to 7, cited with a paragraph, "6D1", or with
# their word, "Loi 7C", are cited still). Groups: law, section, paragraph,
# letter, roman; or annex and its parts; or a label without its word.
_WORD_START = rf"(?:^|[^{WORD_CHARS}])"
_WORD_END = rf"(?![{WORD_CHARS}])"
CITATION_AMID_SOURCE = (
    _WORD_START
    + r"(?:(?:lois?|laws?)\s*(?:n[o°º]\.?\s*)?(?P<law>\d{1,2})"  # the word, the law number
    r"(?:[\s.,\-]*(?P<section>[a-h])(?![a-z])"  # section letter
    r"(?:[\s.,\-]*(?P<number>\d{1,2})"  # paragraph
    r"(?:[\s.,(\-]*(?P<letter>[a-z])\)?(?![a-z])"  # sub-paragraph letter
    r"(?:[\s.,(\-]*(?P<roman>" + ROMAN + r")\)?(?![a-z]))?)?)?)?"  # roman
    r"|(?P<annex>ann?exe?)(?:[\s.,\-]*(?P<annex_part>\d)(?:[\s.,\-]*(?P<annex_item>\d))?)?)"  # the annex and its parts
    + _WORD_END
)
CITATION_AMID = re.compile(CITATION_AMID_SOURCE, re.IGNORECASE)
_LABEL_AFTER_SECTION = r"(?:\(?[a-z]\)?(?:\(?" + ROMAN + r"\)?)?)?"  # the letter and roman after the paragraph
LABEL_AMID_SOURCE = (
    _WORD_START
    + r"(?P<label>(?![1-7][CDH](?!\d))\d{1,2}(?:[A-H](?:\d{1,2}" + _LABEL_AFTER_SECTION + r")?"  # "64B", "64B7", "45C4(b)"; no bid ("4H")
    r"|[a-h]\d{1,2}" + _LABEL_AFTER_SECTION + r"))"  # in small letters with its paragraph, as phones type it: "64b7", "45c4b"
    + _WORD_END
)
LABEL_AMID = re.compile(LABEL_AMID_SOURCE)

# A citation key (``labels.search_key``) shaped like a label, whether or not
# the provision exists: "12c1" (Loi 12C1, a law the sources lack), "64b9".
# Search falls back from such a key to the nearest provision above it.
LABEL_KEY_SOURCE = (
    r"^(?:\d{1,2}(?:[a-z](?:\d{1,2}(?:[a-z][ivx]{0,4})?)?)?"  # 64, 64b, 64b7, 45c4b, 40b2av
    r"|\d{3,4}"  # 71.1 → 711
    r"|annexe\d{0,4})$"  # annexe, annexe12
)
LABEL_KEY = re.compile(LABEL_KEY_SOURCE)
# A query that is a number and nothing else ("1430", "620"): when it cites no
# law or provision, search reads it as a word (a score), not as a citation
# of nothing.
BARE_NUMBER_SOURCE = r"^\s*\d+\s*$"
BARE_NUMBER = re.compile(BARE_NUMBER_SOURCE)
# The law of such a key, which search never falls back from: "64" of
# "64b9", "annexe" of "annexe9"; none for three figures or more that are
# not a key themselves ("644", "2017": no law has that number).
CITED_LAW_SOURCE = r"^(?:annexe|\d{1,2}(?!\d))"
CITED_LAW = re.compile(CITED_LAW_SOURCE)
# What a typed citation key adds to the provision it leads to, when it is
# still a citation: up to three of a number, a letter or a roman numeral
# ("9" of "64b9", "3" of "40b2a3", "z" of "45c4z", "iii" of "40b2aiii"), not
# words ("renonce" of "64b7renonce"): "go to law" then says no provision
# bears it.
CITATION_TAIL_SOURCE = r"^(?:\d{1,2}|[ivx]{1,4}|[a-z]){1,3}$"
CITATION_TAIL = re.compile(CITATION_TAIL_SOURCE)
# Such a key cut into the parts its citation writes, for the page that says
# no provision bears it (publish.js): "64b9" → Loi 64B9, "40b2a3" → Loi
# 40B2(a)3, "40b2aviii" → Loi 40B2(a)(viii), "annexe23" → Annexe 2.3.
TYPED_KEY_SOURCE = (
    r"^(?:(?P<annex>annexe)(?P<annex_parts>\d*)"
    r"|(?P<law>\d{1,2})(?P<section>[a-z]?)(?P<number>\d*)(?P<letter>[a-z]?)(?:(?P<roman>[ivx]+)|(?P<rest>.*)))$"
)
TYPED_KEY = re.compile(TYPED_KEY_SOURCE)

# A glossary term's id, which is also the anchor of its row on the glossary
# page: lower-case letters, digits and hyphens ("renonce-consommee").
GLOSSARY_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# A source's file name in the manifest: letters, digits, "_", "-", ".", so
# that it can be shown in a code span and never names another folder.
SOURCE_FILE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")

# A commentary's slug, the last part of its page's address.
SLUG = GLOSSARY_ID

# Characters that reveal HTML markup pasted into a source ("<p>", "&nbsp;").
# A tag is found by its start alone: one with no ">" ("<img src=x onerror=…")
# or cut across two wrapped lines is still markup.
HTML_TAG = re.compile(
    r"""
      </?[a-zA-Z][a-zA-Z0-9-]*(?=[\s/>]|$)     # a tag's start: "<p>", "<img src", "</b", "<script" at a line end
    | <[!?]                                   # a comment, doctype or processing instruction: "<!--", "<?xml"
    | &[a-zA-Z][a-zA-Z0-9]*;                  # a named entity: "&nbsp;"
    | &\#(?:\d+|[xX][0-9a-fA-F]+);            # a numeric entity: "&#160;", "&#xA0;"
    """,
    re.VERBOSE,
)
# A control character in a line of a source: any below a space but the tab.
CONTROL_CHAR = re.compile(r"[\x00-\x08\x0a-\x1f]")

# Words, for the conservation check: a run of letters, digits or the symbols
# a law text can hold; punctuation between them does not count.
WORD = re.compile(r"[\w’'&%°§¨©ª♠♥♦♣*+=/-]+")

# --------------------------------------------------------------------------
# Labels: anchors and citations as ``labels`` writes them, read back
# (``labels.parse_anchor``, ``labels.parse_citation``).

ANCHOR = re.compile(
    r"""^(?P<law>\d{1,2})
        (?P<section>[A-Z])?
        -?(?P<number>\d{1,2})?                  # "-" before a paragraph directly under its law (71-1)
        (?P<letter>[a-z])?
        (?:-(?P<roman>""" + ROMAN + r"""))?$      # "-" before a roman (40B2a-v)
    """,
    re.VERBOSE,
)

CITATION_TEXT = re.compile(
    r"""^(?P<law>\d{1,2})
        (?:\.(?P<bare>\d{1,2})                   # 71.1: a paragraph with no section
          |(?P<section>[A-Z])?(?P<number>\d{1,2})?
           (?:\((?P<letter>[a-z])\))?
           (?:\((?P<roman>""" + ROMAN + r""")\))?)$
    """,
    re.VERBOSE,
)

# --------------------------------------------------------------------------
# Cross-references ("renvois").
#
# A citation inside a law: number, then optional section letter, paragraph
# number, sub-paragraph letter and roman, as in "45C4(b)" or "40B2(a)(v)".
# The commentaries write the section loosely: "57&A", "61-&B", "64_&B3".
SECTION_LETTER = r"(?:[A-H]|[a-h](?=\d))"  # in small letters only before a paragraph number: 64b7 as typed
CITATION = r"""
    \d{1,2}                                     # law number
    (?:(?:[-_]?&?|,\ (?=[A-H]\d))""" + SECTION_LETTER + r"""  # section letter (loose forms: 57&A, 64_&B3, "64, B7" as search reads it)
      (?:\d{1,2}                                # paragraph number
        (?:\([a-z]\)                            # sub-paragraph letter (b)
          (?:\(""" + ROMAN + r"""\))?                   # roman (v)
          |[a-z](?![\w&])                        # or as in an anchor or a short link: 45C4b
        )?
      )?
    )?
    (?![\w&])                                   # not glued to more letters or digits
"""

# The word that says a law is cited, in either language and any case; « article »,
# « art. », as other codes say (a newsletter's « articles 40 à 42 »).
LAW_WORD = r"(?:Lois?|LOIS?|lois?|Laws?|LAWS?|laws?|[Aa]rticles?|ARTICLES?|[Aa]rt\.|ART\.)"

# What may follow a citation in a list: ", 64B7", " et 64C", " ou la Loi 56",
# " à 64" (a range), ".27" (the commentary's "lois 26.27.30"), " et &C" (a
# section of the same law, in the commentary); in English " and 54",
# " or Law 56", " to 64".
EXPLICIT_REFERENCE = re.compile(
    r"""
    (?<![\w’'])(?P<word>""" + LAW_WORD + r""")  # the word, any case; "Law 64B7" in English
    (?:\s+Loi)?                                 # "la Loi Loi 43B2(b)": one reference
    (?:\s+(?:n[°º]|[Nn]o\.?(?=\s*\d))\s*|\s+)   # « n° », « no », No. before the number: "Loi n° 64"
    (?P<list>
      (?:""" + CITATION + r""")
      (?:
        (?:\s*,\s*                              # ", 64B7"
          |\s+(?:et|ou|and|or)\s+(?:(?:la|les|the)\s+)?(?:Lois?\s+|Laws?\s+)?  # " et ", " ou la Loi ", " and Law "
          |\s+(?:à|to)\s+                       # " à ", " to " (range)
          |(?<=\d)\s*[-–]\s*(?=\d)               # "61-64", "61 – 64" (a range of laws: not "64-B-7")
          |\.(?=\d)                             # "26.27" (commentary)
        )
        (?:""" + CITATION + r"""|&[A-H]\d{0,2}(?![\w&]))   # a citation, or "&C" of the same law
      )*
    )
    """,
    re.VERBOSE,
)

# « voir » / "see" before a citation is a cross-reference (« (voir Loi
# 16C) », "see also Law 47E1", « voir B ci-dessus »), not what a player saw;
# the search index leaves it out of a text (``NOT_INDEXED``), so that « il a
# vu mes cartes » is not read in every provision that cites another.
_CITED_NEXT = LAW_WORD + r"\b|" + SECTION_LETTER + r"(?:\d|(?!\w))|\d"
CROSS_REFERENCE_VERB = {
    "fr": re.compile(
        r"\b[Vv]oir(?=\s+(?:(?:également|egalement|aussi|par\s+exemple)\s+)?(?:(?:la|les|le|l['’])\s*)?"
        r"(?:" + _CITED_NEXT + r"|[Rr][èe]glement|[Aa]nnexe|[Nn]otes?\b|ci-dessus|ci-dessous))"
    ),
    "en": re.compile(
        r"\b[Ss]ee(?=\s+(?:(?:also|for\s+example)\s+)?(?:the\s+)?"
        r"(?:" + _CITED_NEXT + r"|National|[Rr]egulations?\b|Annex|[Nn]otes?\b|above|below))"
    ),
}

# What the search index leaves out of a document's text, each language's
# (``analysis.indexed_text``): the preposition « contre », the cross-references.
NOT_INDEXED = {"fr": (FRENCH_PREPOSITION, CROSS_REFERENCE_VERB["fr"]), "en": (CROSS_REFERENCE_VERB["en"],)}

# What follows a list that ends on a bare number after « Loi » in the
# singular when that number counts something rather than cites a law: a
# word ("Loi 64, 2 levées", « la Loi 45 à 3 reprises », "Law 64B7 or 5
# tricks later"), a suit or a percentage glued to it ("et 3♠"). The number
# is then left out of the list (``references._explicit_items``): « Loi 64B7
# et 8. » still cites 64B8, « Lois 50 et 51 continuent » Law 51.
COUNT_AFTER_SOURCE = rf"^(?:\s+[{WORD_CHARS}]|\s*[♠♥♦♣%])"
COUNT_AFTER = re.compile(COUNT_AFTER_SOURCE)

# What looks like a citation after the word "Loi" whether or not it is one:
# the word, then a run of digits, letters and brackets glued to a number.
# Wherever EXPLICIT_REFERENCE does not account for it ("Loi 64Z9", "Loi 064",
# "Loi 64B7(z)"), it is reported as a malformed citation and kept as text.
CITATION_LIKE = re.compile(
    r"""
    (?<![\w’'])(?:Lois?|LOIS?|lois?)\s+           # the word
    (?P<cite>\d[0-9A-Za-z()&_-]*)                 # a number and what is glued to it
    """,
    re.VERBOSE,
)

# The annex, for the auto-linker (the law texts never cite it): « l'annexe 2 »,
# "Annexe 1.2", "Annex 3". Without a number only "Annexe"/"Annex" in capitals
# is taken (the callers check it), so that "an annex" in passing stays text.
# The article (l') stays outside the link.
ANNEX_REFERENCE = re.compile(
    r"""
    (?<![\w’'])(?:[lL][’']\s?)?                 # « l'annexe »: the article, outside the link
    (?P<ref>
      (?P<word>[Aa]nnexe?|ANNEXE?)              # "annexe", "Annexe", "annex", "ANNEXE"
      (?:\ (?P<number>\d)(?:\.(?P<sub>\d))?)?    # " 2", " 1.2"
    )
    (?![\w]|[.,]\d|\ \d)                        # not "annexes", "annexe 12", "annexe 1,2"
    """,
    re.VERBOSE,
)

# A citation typed with spaces between its parts, for the auto-linker only (the
# law texts never write one so, and "go to law" and search read it too): "Loi
# 64 B 7", "Law 45 C 4 (b)", "Loi 45 C 4 b", and as people mix them: "Loi 64
# B7", "Loi 64B 7", "Loi 45C4 (b)", "Loi 45 C4(b)". One space at least (the
# grammar reads a citation written tight, with its roman numeral and its
# list). A section is a capital letter (« la Loi 64 a été » is no section
# A); a letter after a space that names no sub-paragraph is the next word
# (« la Loi 64 B 7 a été appliquée »).
SPACED_REFERENCE = re.compile(
    r"""
    (?<![\w&])
    (?P<ref>(?:[Ll]ois?|[Ll]aws?)[\ \u00a0](?=\d{1,2}(?:[\ \u00a0][A-H]|[A-H][\ \u00a0]\d|[A-H]\d{1,2}[\ \u00a0]\(?[a-z]))  # a space (or a no-break one) among its parts
      (?P<law>\d{1,2})
      [\ \u00a0]?(?P<section>[A-H])
      (?:[\ \u00a0]?(?P<number>\d{1,2})
        (?:[\ \u00a0]?\((?P<letter>[a-z])\)(?:[\ \u00a0]?\((?P<roman>[ivx]{1,5})\))?|[\ \u00a0](?P<bare>[a-z]))?
      )?
    )
    (?![\w&])
    """,
    re.VERBOSE,
)

# The sections of the same law that follow a citation with its section, for
# the auto-linker only: "B2" in « Loi 64B1 et B2 », "C" in "Law 62B and C"
# (the first is the grammar's; each next one names a section of its law).
SIBLING_SECTIONS = re.compile(
    r"""
    (?<![\w&])
    (?:[Ll]ois?|[Ll]aws?)\ (?P<law>\d{1,2})[A-H](?:\d{1,2}(?:\([a-z]\))?)?
    (?P<rest>(?:(?:\ ?,\ |\ (?:et|ou|and|or)\ )[A-H](?:\d{1,2}(?:\([a-z]\))?)?(?![\w&(]))+)
    """,
    re.VERBOSE,
)
SIBLING_SECTION = re.compile(r"(?<![\w&])(?P<section>[A-H])(?P<number>\d{1,2})?(?:\((?P<letter>[a-z])\))?(?![\w&(])")

# A paragraph of a law without sections, cited as the site's « citer » writes
# it, for the auto-linker only: "Loi 71.2", "Law 71.1 and 71.2", « la Loi
# 71.1 et la Loi 71.2 ». After the singular word only: after "Lois" the dot
# separates laws (« lois 26.27.30 », as a commentary lists them), and so it
# does in a run of three ("Loi 26.27.30"). A paragraph that is none ("Loi
# 64.1": Law 64 has sections) stays text, not Law 64 and Law 1.
DOTTED_REFERENCE = re.compile(
    r"""
    (?<![\w’'&.])
    (?P<ref>(?:Loi|LOI|loi|Law|LAW|law)\ (?:n[°º]\ ?)?
      (?P<list>\d{1,2}\.\d{1,2}
        (?:(?:\ ?,\ |\ (?:et|ou|and|or)\ (?:(?:la\ |the\ )?(?:Loi|Law)\ )?)\d{1,2}\.\d{1,2}(?![\w&]|\.\d))*
      )
    )
    (?![\w&]|\.\d)
    """,
    re.VERBOSE,
)
DOTTED_ITEM = re.compile(r"(?:(?:Loi|Law)\ )?(?P<law>\d{1,2})\.(?P<number>\d{1,2})")  # its repeated word with it

# A Markdown file's front matter (YAML between "---" lines), its text in
# the group "yaml": the folders' pages read theirs, the auto-linker leaves it alone.
FRONT_MATTER_SOURCE = r"\A---\n(?P<yaml>[\s\S]*?)\n(?:---|\.\.\.)\n"
FRONT_MATTER = re.compile(FRONT_MATTER_SOURCE)

# An HTML tag's attributes, a quoted value holding ">" with them ("<img
# alt="a -> b">"): the auto-linker leaves the tag whole.
TAG_REST = r"""(?:[^>"']|"[^"]*"|'[^']*')*"""

# The elements that open an HTML block in Markdown when a line begins with
# them: what follows is HTML up to their end tag (Python-Markdown) or a blank
# line (CommonMark), where a link in Markdown's syntax would show as written.
MARKDOWN_HTML_BLOCKS = r"(?i:div|table|p|section|article|aside|blockquote|center|details|dl|figure|footer|form|header|h[1-6]|nav|ol|ul)"


def end_tag(name: str) -> re.Pattern:
    """The end tag of the element ``name`` (``</div>``, ``</DIV >``)."""
    return re.compile(rf"</{re.escape(name)}\s*>", re.IGNORECASE)


# A blank line, which ends an HTML block in CommonMark.
BLANK_LINE = re.compile(r"\n[ \t]*(?:\n|\Z)")

# A character reference ("&nbsp;", "&#160;", "&#x202F;"), which the
# auto-linker reads as the character it stands for (« Loi&nbsp;64B7 »).
HTML_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]*|\#\d+|\#[xX][0-9A-Fa-f]+);")

# What the auto-linker leaves alone in Markdown (``codebridge autolink``):
# front matter, code spans, existing links, HTML tags, indented and fenced
# code blocks (``` or ~~~, three or more, closed by a fence as long or longer,
# indented in a list or quoted; one left open runs to the end, as Markdown
# reads it), and the elements whose content is no text (a script, a style,
# a pre, a text area), whole.
MARKDOWN_PROTECTED = re.compile(
    r"""
      """ + FRONT_MATTER_SOURCE + r"""          # front matter (YAML: a title linked there is a list)
    | ^[\ \t>]*(?P<fence>(?P<fc>[`~])(?P=fc){2,})[^\n]*(?:\n|\Z)   # a fenced code block, across lines
      (?:[\s\S]*?^[\ \t>]*(?P=fence)(?P=fc)*[\ \t]*$|[\s\S]*\Z)
    | <(?P<raw>script|style|pre|textarea)\b""" + TAG_REST + r""">[\s\S]*?</(?P=raw)\s*>   # an element whose content is no text
    | ^\ {0,3}<(?P<block>""" + MARKDOWN_HTML_BLOCKS + r""")(?=[\s/>])""" + TAG_REST + r""">   # an HTML block's first tag (``autolink.autolink_markdown``)
    | `[^`]*`                                  # a code span
    | !?\[[^\]]*\]\([^)]*\)                     # a link [text](url), an image
    | !?\[[^\]]*\]\[[^\]]*\]                     # a link by reference [text][1]
    | ^\ {0,3}\[[^\]^][^\]]*\]:[^\n]*$                 # a link's definition [1]: url "title" (not a footnote's, "[^1]:")
    | <a\b""" + TAG_REST + r""">[\s\S]*?</a\s*>                   # an HTML link, its text with it
    | </?[A-Za-z][A-Za-z0-9-]*(?=[\s/>])""" + TAG_REST + r""">     # an HTML tag
    | <!--[\s\S]*?-->                            # a comment
    | ^(?:\ {4}|\t)[^\n]*$                     # an indented code line (that line only)
    """,
    re.VERBOSE | re.MULTILINE,
)

# One item of a list matched above, with its own "Loi " when repeated.
REFERENCE_ITEM = re.compile(
    r"""
    (?P<sep>\s*,\s*|\s+(?:et|ou|and|or)\s+(?:(?:la|les|the)\s+)?|\s+(?:à|to)\s+|(?<=\d)\s*[-–]\s*|\.)?   # separator before it
    (?P<cite>(?:(?:Lois?|Laws?)\s+)?(?:""" + CITATION + r"""|&[A-H]\d{0,2}))   # a citation as EXPLICIT_REFERENCE reads it
    """,
    re.VERBOSE,
)

# A citation split into its parts (loose section markers dropped).
CITATION_PARTS = re.compile(
    r"""^(?:(?:Lois?|Laws?)\s+)?
    (?P<law>\d{1,2})?
    (?:(?:[-_]?&?|,\ )(?P<section>""" + SECTION_LETTER + r"""))?
    (?P<number>\d{1,2})?
    (?:\((?P<letter>[a-z])\)|(?P<bare_letter>[a-z])$)?  # (b), or b as in an anchor: 45C4b
    (?:\((?P<roman>""" + ROMAN + r""")\))?$""",
    re.VERBOSE,
)

# A relative citation: "B2(a)(v)", "B.1(a)", "A1", "E", "(b)", "1".
RELATIVE_CITATION = r"""
    (?:[A-H](?:\.?\d{1,2}(?:\([a-z]\)(?:\(""" + ROMAN + r"""\))?)?)?   # B, B2, B.1(a), B2(a)(v)
      |\([a-z]\)                                              # (b)
      |\d{1,2}                                                # 1 (with ci-dessus only)
    )(?![\w’'])
"""

# A relative reference, resolved against the provision where it stands:
# "voir B ci-dessus", "(b) ci-dessous", "E ci-après", "énumérées en A1 et A2",
# "Nonobstant 1 et 2 ci-dessus", "Sauf cas B1", "qui enfreint C1".
RELATIVE_REFERENCE = re.compile(
    r"""
    (?:(?<=[\s\[(])|^)                                  # starts a word
    (?P<list>""" + RELATIVE_CITATION + r"""(?:\s+et\s+""" + RELATIVE_CITATION + r""")*)
    (?:
       (?P<dir>\.?\s+ci-(?:dessus|dessous|après))       # "… ci-dessus": always a reference
     | (?<=[A-H])(?=\)|\s*[,;.\]])                      # "(mais voir B)": a bare section after a cue
     | (?<=[A-H]\d)(?=[\s,;.\]])                        # "en A1", "de E1"
     | (?<=[A-H]\d\d)(?=[\s,;.\]])
    )
    """,
    re.VERBOSE,
)

# The words before a relative reference that has no "ci-dessus": without one
# of them, "B1" or "A" is not taken for a reference.
RELATIVE_CUE = re.compile(
    r"""(?:\bvoir|\bénumérées\ en|\bprévu\ en|\bapplication\ de|\bIndépendamment\ de
        |\bSauf\ cas|\benfreint|\bcomme\ en|\bselon)\s+$""",
    re.VERBOSE,
)

RELATIVE_CITATION_ITEM = re.compile(RELATIVE_CITATION, re.VERBOSE)

# A relative citation split into its parts: "B2(a)(v)", "B.1(a)", "(b)", "1".
RELATIVE_PARTS = re.compile(
    r"""^(?P<section>[A-H])?\.?(?P<number>\d{1,2})?
        (?:\((?P<letter>[a-z])\))?
        (?:\((?P<roman>""" + ROMAN + r""")\))?$""",
    re.VERBOSE,
)

# The word before an explicit reference as printed ("Loi ", "la Loi Loi "),
# dropped to find the citation again in the English text.
REFERENCE_WORD = re.compile(r"^(?:Lois?|LOIS?|lois?)\s+(?:Loi\s+)?")


# In a style sheet: a quoted string (kept as it is), or a comment (left out
# of what the site serves, ``build.lean_style``).
CSS_STRING_OR_COMMENT = re.compile(r"""(?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|/\*.*?\*/""", re.S)


def js_source(source: str) -> str:
    """A pattern's source as JavaScript's ``RegExp`` reads it: named groups
    written ``(?<name>…)`` (the pages read the groups by name, as Python does)."""
    return source.replace("(?P<", "(?<")


def one_of(chars) -> re.Pattern:
    """Any one of ``chars`` (``escape``: the characters a table replaces)."""
    return re.compile("[" + "".join(re.escape(c) for c in sorted(chars)) + "]")


def english_citation(token: str) -> re.Pattern:
    """A citation ``token`` ("45C4(b)", "A1") standing as a word in the
    English text, with the word "Law", "Laws" or "Annex" before it
    included (``references.project``)."""
    return re.compile(r"(?:(?<=\W)|^)(?P<word>(?:Laws?|Annex)\s+)?" + re.escape(token) + r"(?![\w])")


# In the commentaries only: bare law numbers in parentheses, "(42, 43)", "(41B)".
BARE_PAREN_REFERENCE = re.compile(
    r"""\((?P<list>""" + CITATION + r"""(?:\s*,\s*""" + CITATION + r""")*)\)""",
    re.VERBOSE,
)

# In a commentary about one law, "&B" or "le &C" names a section of that law.
COMMENTARY_SECTION = re.compile(r"(?<![\w&_-])&(?P<section>[A-H])(?![\w])")

# Symbol-font mojibake for card suits (¨ ♦, § ♣, © ♥, ª ♠) and "3^ème".
SYMBOL_FONT = re.compile(r"[¨§©ª]|\d\^(?:ème|ième|e)\b")

# A line that starts an item in a hard-wrapped commentary: "1. ", "a) ", "2/- ",
# a dashed item "- lui interdire…", or a row of "+" (the workshop's separator).
COMMENTARY_ITEM = re.compile(
    r"""^(?:\d{1,2}[.)]\s                 # "1. ENCHÈRE", "2) …"
         |\d{1,2}/-                        # "1/- exemple"
         |[a-z]\)\s                        # "a) Le joueur fautif"
         |-\s                              # "- lui interdire"
         |\+{5,}                           # "++++++++"
       )""",
    re.VERBOSE,
)

# A hard-wrapped line that goes on with the line before: it starts with a
# lower-case word ("la même couleur."), or it goes on with a heading in
# capitals ("1. ENCHÈRE" / "INSUFFISANTE (LOI 27)").
COMMENTARY_CONTINUATION = re.compile(r"^[a-zà-ÿœæ]")
COMMENTARY_CAPS_END = re.compile(r"(?:^|\s)[A-ZÀ-ÝŒ’'-]*[A-ZÀ-ÝŒ]{2,}$")   # line ends with a word in capitals
COMMENTARY_CAPS_START = re.compile(r"^[A-ZÀ-ÝŒ’']*[A-ZÀ-ÝŒ]{2,}(?![a-zà-ÿ])")  # line starts with one

# Blog furniture of the commentary sources: whole lines the blog page put
# around the text, not part of it. An explicit list: any other line is text.
COMMENTARY_FURNITURE = re.compile(
    r"""^(?:Aucun\ commentaire\s*:       # the blog's comment counter
         |Publier\ un\ commentaire        # its comment button
       )$""",
    re.VERBOSE,
)

# The comment at the end of a minified theme file that names its source map:
# "//# sourceMappingURL=bundle.min.js.map" or "/*# sourceMappingURL=… */".
SOURCE_MAP_COMMENT = re.compile(r"\n?/[/*][#@]\ sourceMappingURL=\S+(?:\ \*/)?\s*$", re.VERBOSE)

# Purging the theme's CSS of rules no page can match (codebridge.build):
# a class attribute in a page; a word of the JavaScript (class names that
# scripts add at run time are among them); a class in a CSS selector, once
# attribute selectors (which may quote anything) are taken out. No "\b"
# before "class=": it would cost a check at every character (seven times
# slower), and an attribute ending in "class" read as one only keeps more rules.
HTML_CLASS_ATTR = re.compile(rb"""class=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')""")  # over a page's bytes
JS_WORD = re.compile(r"[A-Za-z_][\w-]*")
CSS_CLASS = re.compile(r"\.(?P<name>-?[A-Za-z_][\w-]*)")
CSS_ATTRIBUTE_SELECTOR = re.compile(r"\[[^\]]*\]")
CSS_NESTING_AT_RULE = re.compile(r"\s*@(?:media|supports|layer|container)\b")

# An HTML document cut for the auto-linker (``autolink.autolink_html``): a
# comment, an element whose content is no text to link, whole (a script,
# a style, a text area, the title), or a tag; the text between them is
# linked as it is written, the rest left byte for byte.
HTML_PIECE = re.compile(
    r"""<!--[\s\S]*?-->
    | <(?P<raw>script|style|textarea|title)\b""" + TAG_REST + r""">[\s\S]*?</(?P=raw)\s*>
    | <(?P<end>/)?(?P<name>[A-Za-z][A-Za-z0-9-]*)""" + TAG_REST + r""">
    | <[!?/]""" + TAG_REST + r""">""",
    re.VERBOSE | re.IGNORECASE,
)


# A value the renderer may write in an attribute list ("{ #64B7 .ref
# data-cite="45C4(b)" }"): ids, classes and citations. Markdown reads its
# inline syntax (emphasis, code, links, entities) inside the list before the
# list is read, so none of the characters that start it is allowed; "_" only
# inside a word ("cb-situation__ref"), where it is no emphasis.
ATTR_TOKEN = re.compile(r"[^\W_](?:[^\W_]|[ .:()-]|(?<=\w)_)*")

# A link's destination from one law's page to another's ("45.md#45C4b",
# "../lois/64.md"): the edition points them inside itself.
LAW_PAGE_HREF = re.compile(
    r"""(?:\.\./lois/|(?=\d{1,2}\.md|annexe\.md))    # from another folder, or beside it
        (?P<law>\d{1,2}|annexe)\.md
        (?:\#(?P<frag>\S+))?                        # the provision's anchor, if any
    """,
    re.VERBOSE,
)

# What the service worker does not keep for offline reading (``publish``):
# the provisions' short links (redirects to pages it has anyway, which its
# 404 page finds from the citation; a case's, "r/ex-<id>/", is kept: no
# citation says where it leads), the cards (for other sites), the data
# files (for reuse), source maps, and the theme's search, which this site
# does not use (its own search is search/index.js).
NOT_CACHED = re.compile(
    r"""^(?:r/(?!ex-)|assets/cards/|data/|assets/javascripts/(?:lunr|workers)/
          |sitemap\.xml|robots\.txt|sw\.js$)
        |\.(?:gz|map)$""",
    re.VERBOSE,
)


# Turning a verbose Python pattern into a JavaScript regex source
# (``js_regex``): a comment to the end of the line (an unescaped "#"), and
# layout whitespace (unescaped).
VERBOSE_COMMENT = re.compile(r"(?<!\\)\#.*$", re.VERBOSE)
VERBOSE_SPACE = re.compile(r"(?<!\\)\s+")


def js_regex(pattern: re.Pattern) -> str:
    """A verbose Python pattern as a JavaScript regex source: comments and
    layout whitespace removed, named groups in JavaScript syntax."""
    text = "".join(VERBOSE_COMMENT.sub("", line) for line in pattern.pattern.splitlines())
    return js_source(VERBOSE_SPACE.sub("", text).replace("\\ ", " "))


def glossary_form(form: str, lang: str, folded_words: list[str]) -> re.Pattern:
    """A glossary form in a folded text (``terminology``): each of its
    ``folded_words`` allowing its plural (fr: s/x) or inflection (en: up to
    three more letters: revoke → revoked, claim → claiming). An abbreviation
    in capitals ("SA", "IMP") matches in capitals only."""
    if form.isupper():
        return re.compile(r"(?<![\w])" + re.escape(form) + r"s?(?![\w])")
    tail = r"(?:s|x)?" if lang == "fr" else r"[a-z]{0,3}"
    body = r"\W+".join(re.escape(w) + tail for w in folded_words)
    return re.compile(r"(?<![a-z])" + body + r"(?![a-z])")


# A block of generated Markdown in a prose page template: "{{ sources }}".
TEMPLATE_PLACEHOLDER = re.compile(r"\{\{\ (?P<name>[a-z_]+)\ \}\}", re.VERBOSE)

# The space of French typography before ":", ";", "?", "!", "»" and after
# "«" in the prose pages (content/templates/fr/): written as a plain space,
# printed as a no-break one, so that a line never begins with the sign.
FRENCH_SPACE = re.compile(r" (?=[:;?!»])|(?<=«) ")
# An interface string a theme template reads: t["search.label"], strings["publish.print.source"],
# s['publish.home.goto_unknown'] (either quotes).
THEME_STRING_KEY = re.compile(r"""\[\s*(?P<q>["'])(?P<key>[a-z0-9_]+(?:\.[a-z0-9_]+)+)(?P=q)\s*\]""")

# --------------------------------------------------------------------------
# Worked examples (content/examples/<lang>/<id>.yaml).

# A case id is a URL slug shared by both languages: ASCII, lower case, words
# joined by single hyphens ("renonce-une-levee").
CASE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# The cards of one suit in a hand, highest first as printed: "AK5", "K10987";
# "-" is a void. "10" is the only two-character rank.
HAND_SUIT = re.compile(
    r"""^(?:-                              # a void
          |(?:10|[AKQJ98765432])+)$        # ranks, "10" written in figures
    """,
    re.VERBOSE,
)
HAND_RANK = re.compile(r"10|[AKQJ98765432]")

# One card played to a trick: suit letter then rank ("D2", "C10", "SA").
CARD = re.compile(r"^(?P<suit>[SHDC])(?P<rank>10|[AKQJ98765432])$")

# Where a quoted ruling leaves words out: an ellipsis, bare or bracketed
# ("…", "...", "[…]", "(…)"). The words on each side are checked separately.
QUOTE_GAP = re.compile(r"[\[(]?(?:…|\.\.\.)[\])]?")

# What follows a note call in a law's text, up to the end of its next word
# (", cette", " des"): with the words before the call, where a quote that
# leaves the call out says it (``examples.CasePages.quote_calls``).
AFTER_CALL = re.compile(r"\S*\s*\S*")

# Quotation marks around or inside a quote, which the law text may print
# differently (« », “ ”, " "); they are dropped before comparing.
QUOTE_MARKS = re.compile(r"[«»“”„‟\"]")

# A space before French high punctuation ("renonce ; " / "renonce; ") is
# typography, not words: dropped before comparing.
SPACE_BEFORE_PUNCT = re.compile(r"\s+(?=[;:!?,.)])")

# A whole number of points as the calculators and the commands read it:
# ASCII digits, a sign (the typographic minus read as "-" first); not
# "4_70" nor other scripts' digits, which Python's int() would take.
WHOLE_NUMBER = re.compile(r"^[+-]?[0-9]+$")

# A contract and its result, as the `codebridge score` command reads it:
# "4S=", "3NTX-2", "7SAXX=", "4♠+1", "3nt-1". Case is ignored.
CONTRACT = re.compile(
    r"""
    (?P<level>[1-7])
    (?P<strain>NT|SA|N|[CDHS]|[♣♦♥♠])        # NT / SA (sans atout) or a suit, letter or symbol
    (?P<doubling>XX|X|)                       # redoubled, doubled or not
    (?:
        (?P<result>=)                         # made exactly
      | (?P<sign>[+\-−])(?P<tricks>[0-9]{1,2}) # +N overtricks, -N (or −N) undertricks
    )
    """,
    re.VERBOSE | re.IGNORECASE,
)


# Text that libyaml's YAML dumper writes exactly as PyYAML's does (front
# matter, ``escape.front_matter``): tab, line breaks and the printable
# characters of the Basic Multilingual Plane, but the line and paragraph
# separators and the byte order mark.
YAML_C_SAME = re.compile("[\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*")

# An address from the host's root in a page the engine wrote for the site's
# root (its 404 page without a public address): href="/lois/40/",
# src="/assets/…", action="/", content="/assets/cards/site.png", and the search dialog's data-index="/search/index.js".
ROOTED_ADDRESS = re.compile(r"""(?P<lead>\s(?:href|src|action|content|data-script|data-index|data-base)=")(?P<path>/(?!/)[^"]*)(?=")""")
# The theme's configuration block, whose "base" names the site's root.
THEME_CONFIG = re.compile(r"""(?P<lead><script\ id="__config"\ type="application/json">)(?P<json>.*?)(?=</script>)""", re.VERBOSE | re.DOTALL)
