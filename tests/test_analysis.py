"""The analyzers: what a typed word and a word of the law reduce to."""

import pytest

from codebridge import analysis, labels


@pytest.mark.parametrize(
    "typed,printed",
    [
        ("penalisee", "pénalisée"),  # accents missing on a phone
        ("penalisees", "pénalisée"),  # and a plural
        ("declarant", "déclarant"),
        ("contestee", "contestée"),
        ("consommee", "consommées"),  # participle, feminine plural
        ("renonces", "renonce"),
        ("pénalités", "pénalité"),
        ("arbitres", "L’arbitre"),  # typographic apostrophe, elided article
        ("appel", "d'appel"),  # straight apostrophe
        ("jusqu’a", "à"),  # elided conjunction, then a stop word: nothing
        ("premiere", "premier"),  # -ière and -ier meet
        ("COEUR", "cœur"),  # ligature, capitals
        ("étuis", "étui"),  # short plurals that Snowball leaves whole
        ("jeux", "jeu"),
        ("lois", "Loi"),
        ("redonnée", "redonné"),  # feminine participle, doubled consonant
    ],
)
def test_french_forms_meet(typed, printed):
    assert analysis.stems("fr", typed) == analysis.stems("fr", printed)


@pytest.mark.parametrize(
    "lang,one,other",
    [
        ("fr", "déclarant", "déclaration"),  # the declarer is not a call
        ("en", "declarer", "declaration"),
        ("fr", "pénalité", "pénalisée"),  # a penalty is not a penalty card
        ("fr", "moyenne", "moyen"),  # the average of « moyenne plus » is no means of communication
        ("fr", "moyennes", "moyens"),
        ("fr", "maniérisme", "manière"),  # a mannerism (73A2, 73C1) is no way of doing (46A, 74B5)
        ("fr", "maniérismes", "manières"),
        ("en", "mannerism", "manner"),
        ("en", "mannerisms", "manners"),
    ],
)
def test_bridge_words_stay_apart(lang, one, other):
    assert analysis.stems(lang, one) != analysis.stems(lang, other)


@pytest.mark.parametrize(
    "text,stems",
    [
        ("l'arbitre", ["arbitr"]),
        ("la consommation de la renonce", ["consomm", "renonc"]),
        ("lorsqu'il y a un As", ["as"]),  # "as" is the ace here, not a stop word
        ("Loi 45C4(b)", ["loi", "45c4"]),  # a lone letter is dropped
        ("cartons de déclaration", ["carton", "declar"]),
        ("quand une carte est-elle jouée", ["cart", "jou"]),  # function words Snowball's list lacks
        ("les cartes", ["cart"]),
        ("entame hors tour sans atout", ["entam", "hor", "tour", "san", "atout"]),  # words of bridge stay
    ],
)
def test_french_stems(text, stems):
    assert analysis.stems("fr", text) == stems


KEEP = analysis.abbreviations(["sans-atout", "SA", "contre", "X", "adversaire de gauche", "Adv. G", "ADG", "Tournament Director", "TD"])


def test_abbreviations_are_the_words_in_capitals():
    assert KEEP == {"SA", "X", "G", "ADG", "TD"}


@pytest.mark.parametrize(
    "text,stems",
    [
        ("SA", ["sa"]),  # sans-atout, though "sa" is a stop word
        ("sa carte", ["cart"]),  # the possessive, in lower case, is still one
        ("Sa carte", ["cart"]),  # and at the start of a sentence
        ("X", ["x"]),  # contre, though a single letter
        ("x", []),
        ("l’Adv. G", ["adversair", "g"]),  # the letter that says which opponent (« Adv. » is the shorthand of « adversaire »)
        ("Loi 45C4(b)", ["loi", "45c4"]),  # a lone letter that is not an abbreviation
    ],
)
def test_abbreviations_are_kept_as_typed(text, stems):
    assert analysis.stems("fr", text, KEEP) == stems


def test_without_abbreviations_capitals_are_not_special():
    assert analysis.stems("fr", "SA X") == []


@pytest.mark.parametrize(
    "text,stems",
    [
        ("The Director's claims", ["director", "claim"]),  # possessive, plural
        ("a face-down opening lead", ["face", "down", "open", "lead"]),  # "down" matters
        ("revokes established", ["revok", "establish"]),
    ],
)
def test_english_stems(text, stems):
    assert analysis.stems("en", text) == stems


def test_surface_forms_locate_the_words():
    text = "L’arbitre d'appel"
    forms = list(analysis.surface_forms("fr", text))
    assert forms == [("arbitre", 0, 9), ("appel", 10, 17)]
    assert [text[a:b] for _, a, b in forms] == ["L’arbitre", "d'appel"]


@pytest.mark.parametrize(
    "query,key",
    [
        ("64B7", "64b7"),
        ("Loi 45C4b", "45c4b"),
        ("loi 64 b 7", "64b7"),
        ("45C4(b)", "45c4b"),
        ("40B2(a)(v)", "40b2av"),
        ("Law 50 D 2", "50d2"),
        ("annexe 1.2", "annexe12"),
        ("Annex", "annexe"),
        ("anexe 2", "annexe2"),  # one n, a common slip
        ("Loi 64, B7", "64b7"),  # a comma, as in a newsletter
        ("loi n° 71", "71"),
        ("Loi nº 71", "71"),  # the ordinal indicator folds to "o"
        ("renonce", None),  # a word, not a citation
        ("l'arbitre", None),
    ],
)
def test_citation_key(query, key):
    assert analysis.citation_key(query) == key


@pytest.mark.parametrize(
    "query,key,rest",
    [
        ("voir Loi 64B7", "64b7", "voir "),  # pasted from a newsletter
        ("loi 64 renonce", "64", "  renonce"),  # the next word is not a section
        ("loi 50 carte pénalisée", "50", "  carte pénalisée"),  # "c" of "carte" is no section C
        ("revoke law 64", "64", "revoke "),
        ("Loi 45C4(b) désignation", "45c4b", "  désignation"),
        ("loi 40 B 2 a v psychique", "40b2av", "  psychique"),
        ("annexe 3 stop", "annexe3", "  stop"),
        ("64B7 renonce", "64b7", "  renonce"),  # no word, but a section letter in capitals
        ("12e levée", None, None),  # an ordinal, not Law 12E
        # a bid, not Law 4H, 2C or 3D; a label of Laws 1 to 7 with its paragraph or its word still cites
        ("declarer claimed in 4H", None, None), ("what my 2C meant", None, None), ("3D was a transfer", None, None),
        ("voir 6D1 donneur", "6d1", "voir  donneur"), ("loi 7C étui", "7c", "  étui"), ("12C1 marque ajustée", "12c1", "  marque ajustée"),
        ("13 cartes", None, None),
        ("renonce", None, None),
    ],
)
def test_citation_amid_words(query, key, rest):
    assert analysis.citation_amid(query) == (None if key is None else (key, rest))


@pytest.mark.parametrize(
    "lang,text,stems",
    [
        ("fr", "renonce à la 12e levée", ["renonc", "douziem", "lev"]),
        ("fr", "12ème levée", ["douziem", "lev"]),
        ("fr", "douzième levée", ["douziem", "lev"]),
        ("fr", "1re levée", ["premi", "lev"]),
        ("en", "revoke on the 12th trick", ["revok", "twelfth", "trick"]),
        ("fr", "13 cartes", ["treiz", "cart"]),  # a cardinal, not the ordinal treizième
        ("fr", "8 trèfles", ["huit", "trefl"]),  # a level
        ("fr", "huit trèfles", ["huit", "trefl"]),
        ("en", "hand had 12 cards", ["hand", "twelv", "card"]),
        ("fr", "1 cœur", ["coeur"]),  # "un" is a stop word, and so "1"
        ("fr", "Loi 27", ["loi", "27"]),  # beyond fourteen, a number stays in figures
    ],
)
def test_numbers_in_figures_are_words(lang, text, stems):
    assert analysis.stems(lang, text) == stems


@pytest.mark.parametrize("contracted,plain", [
    ("a card that isn't in dummy", "a card that is not in dummy"),
    ("he didn’t follow suit", "he did not follow suit"),  # a typographic apostrophe too
    ("dummy doesn't have it", "dummy does not have it"),
    ("declarer can't", "declarer cannot"),
    ("a card declarer never named", "a card declarer did not name"),  # "never" and "without" say it too
    ("a rank without the suit", "a rank not the suit"),
])
def test_an_english_contraction_says_its_not(contracted, plain):
    """"isn't" is "is not": its "not" counts, as the words written out do
    (a call for a card "not" in dummy, a suit "not" followed)."""
    assert analysis.stems("en", contracted) == analysis.stems("en", plain) and "not" in analysis.stems("en", contracted)


@pytest.mark.parametrize("contracted,plain", [
    ("I'm on lead", "I am on lead"),
    ("we’ve won the trick", "we have won the trick"),  # a typographic apostrophe too
    ("they'd claimed", "they had claimed"),
])
def test_a_pronoun_and_its_verb_in_one_word_are_function_words(contracted, plain):
    """"I'm" is "I am": no word of a law, it weighs nothing in a query (a
    word no situation says would weigh as the most telling one)."""
    assert analysis.stems("en", contracted) == analysis.stems("en", plain)


@pytest.mark.parametrize("lang,said,plain", [
    ("fr", "une carte qui est pas au mort", "une carte qui n'est pas au mort"),  # « ne » dropped, as said
    ("fr", "le déclarant n'a jamais nommé la carte", "le déclarant n'a pas nommé la carte"),  # « jamais » says it too
])
def test_a_french_negation_counts(lang, said, plain):
    """« pas » says what English "not" does (a card « pas » in dummy, a
    card « pas » named): it counts, and « jamais » reads as it."""
    assert analysis.stems(lang, said) == analysis.stems(lang, plain) and "pas" in analysis.stems(lang, said)


@pytest.mark.parametrize("text,word", [("both face up", "both"), ("only one face up", "onli"), ("my own system card", "own")])
def test_both_and_only_count(text, word):
    """"both" and "only" tell one fact from another (two cards visible or
    one, 58B2 and 58B1), "own" one's own system card from the opponents'
    (40B2(b), 40B2(c)): they are no stop words."""
    assert word in analysis.stems("en", text)


@pytest.mark.parametrize("lang,short,plain", [
    ("en", "pard revoked twice", "partner revoked twice"),
    ("en", "opps did not alert", "opponents did not alert"),
    ("en", "the opp led", "the opponent led"),
    ("en", "decl claimed", "declarer claimed"),
    ("en", "def revoked", "defender revoked"),
    ("en", "both defs signalled", "both defenders signalled"),
    ("fr", "l'adv a renoncé", "l'adversaire a renoncé"),
    ("fr", "le décl a revendiqué", "le déclarant a revendiqué"),
    ("fr", "le decl a revendiqué", "le déclarant a revendiqué"),
    ("fr", "pard a entamé", "partenaire a entamé"),
    ("fr", "la feuille de conv des adv", "la feuille de convention des adversaires"),
    ("en", "their conv card", "their convention card"),
])
def test_the_tables_shorthand_reads_as_the_word(lang, short, plain):
    """"pard", "opps", « adv », « décl »: a player typing on a phone writes
    the table's shorthand, which reads as the word it stands for (not as a
    typo: "pard" was "card" or "part")."""
    assert analysis.stems(lang, short) == analysis.stems(lang, plain)


@pytest.mark.parametrize("text,partner", [
    ("mon part a entamé", True), ("le part a dit non", True), ("au part du déclarant", True), ("notre part", True),
    ("de la part de son partenaire", False), ("à part le mort", False), ("sa part", False), ("part", False),
])
def test_part_after_a_masculine_determiner_is_the_partner(text, partner):
    """« mon part » is how a player writes « mon partenaire »: the noun
    « part » is feminine, so after « mon », « le », « au » it can only be
    the partner; « de la part de », « à part », « sa part » stay the word."""
    forms = [form for form, _, _ in analysis.surface_forms("fr", text)]
    assert ("partenaire" in forms and "part" not in forms) is partner, forms


def test_by_accident_reads_as_accidentally():
    """"by accident" says what "accidentally" (48A) says: Snowball stems
    one "accid", the other "accident"."""
    assert analysis.stems("en", "dropped by accident")[-1] == analysis.stems("en", "dropped accidentally")[-1]
    assert analysis.stems("en", "accidents") == analysis.stems("en", "accidental")


@pytest.mark.parametrize("word,bases", [
    ("tanked", ["tank", "tanke"]), ("hoped", ["hop", "hope"]), ("grabbed", ["grabb", "grab", "grabbe"]),
    ("carried", ["carry", "carri", "carrie"]), ("hiding", ["hid", "hide"]), ("missed", ["miss", "mis", "misse"]),
    ("bed", []), ("ring", []), ("revoke", []),
])
def test_an_english_participle_gives_its_verb(word, bases):
    """The verb a past or present participle may hold, in the order the
    search looks them up (``SearchIndex._base_form``; the page the same)."""
    assert analysis.verb_base("en", word) == bases
    assert analysis.verb_base("fr", word) == []


def test_search_keys_are_unique(code):
    """A citation typed in the box leads to one provision only."""
    keys = [labels.search_key(p.label) for law in code.present() for p in law.provisions()]
    keys += [labels.search_key(law.label) for law in code.laws]
    assert len(keys) == len(set(keys))
    assert labels.search_key(("45", "C", "4", "b")) == "45c4b"
    assert labels.search_key(("71", "1")) == "711"


@pytest.mark.parametrize(
    "src,online,offline",
    [
        ("lois/64.md", "lois/64/", "lois/64.html"),
        ("index.md", "", "index.html"),
        ("commentaires/atelier.md", "commentaires/atelier/", "commentaires/atelier.html"),
    ],
)
def test_page_urls(src, online, offline):
    assert labels.page_url(src) == online
    assert labels.page_url(src, directory_urls=False) == offline


# « donné » folds to « donne », the deal: the verb is told from the noun by
# the participle's accent or by the word before it (``analysis.verb_reading``).
@pytest.mark.parametrize(
    "text,stems",
    [
        ("le mort m'a donné un conseil", ["mort", "donner", "conseil"]),  # the participle's accent
        ("le mort m'a donne un conseil", ["mort", "donner", "conseil"]),  # no accent, after the auxiliary
        ("Donnés", ["donner"]),  # the plural participle, in capitals
        ("il donne un conseil", ["donner", "conseil"]),  # after a subject pronoun
        ("qui donne lieu", ["donner", "lieu"]),  # after "qui"
        ("ne donne pas", ["donner", "pas"]),  # after the negation, which counts
        ("en appelant l'arbitre", ["appeler", "arbitr"]),  # after "en": calling, not the appellant
        ("la donne suivante", ["don", "suiv"]),  # the deal
        ("on a joué la mauvaise donne", ["jou", "mauvais", "don"]),
        ("leur donne", ["don"]),  # their deal: "leur" is no cue
        ("à donne égale", ["don", "egal"]),  # "à" is not the auxiliary "a"
        ("les donnes", ["don"]),
        ("l'appelant", ["appel"]),  # the appellant
        ("donneur", ["donneur"]),
        # « le mort s'est levé » (got up) is no « levée » (a trick)
        ("le mort s'est levé", ["mort", "lever"]),
        ("le mort s'est leve", ["mort", "lever"]),
        ("il lève la main", ["lever", "main"]),
        ("la levée", ["lev"]),
        ("les levees", ["lev"]),
        ("une levée de plus", ["lev", "plu"]),
    ],
)
def test_a_verb_is_told_from_its_noun(text, stems):
    assert analysis.stems("fr", text) == stems


def test_a_verb_read_keeps_its_place_in_the_text():
    text = "Le mort m’a donné un conseil"
    forms = list(analysis.surface_forms("fr", text))
    assert [text[a:b] for _, a, b in forms] == ["mort", "m’a", "donné", "conseil"][0:1] + ["donné", "conseil"]
    assert [f for f, _, _ in forms] == ["mort", "donner", "conseil"]


@pytest.mark.parametrize("lang,text,left", [
    ("fr", "(voir Loi 16C)", True), ("fr", "Voir Loi 86B2.", True), ("fr", "voir la Loi 12", True), ("fr", "voir également la Loi 62", True),
    ("fr", "voir B2(a)(v) ci-dessus", True), ("fr", "voir le Règlement National", True), ("fr", "voir\nLoi 47E", True),
    ("fr", "dans l’intention de voir ses cartes", False), ("fr", "la possibilité d’en voir la face", False),
    ("en", "(see Law 16C)", True), ("en", "see also Law 62", True), ("en", "see A1 above", True),
    ("en", "see the National Regulation", True), ("en", "for his partner to see its face", False),
    ("en", "ask to see again all the cards", False),
])
def test_see_before_a_citation_is_a_cross_reference_for_the_index(lang, text, left):
    """« voir » / "see" before a citation points to another provision: the
    index leaves it out of a document's text, blanked, so that a player who
    "saw" something is not read in every provision that cites another."""
    indexed = analysis.indexed_text(lang, text)
    assert len(indexed) == len(text)
    verb = analysis.stems(lang, "voir" if lang == "fr" else "see")[0]
    assert (verb not in analysis.stems(lang, indexed)) == left, analysis.stems(lang, indexed)


@pytest.mark.parametrize("lang,words", [
    ("fr", ("concession", "concédé", "concéder")),
    ("fr", ("revendication", "revendique", "revendiquer", "revendiqué")),
    ("en", ("concession", "concede", "conceded")),
    ("en", ("disclosure", "disclose", "disclosed")),
    ("en", ("explanation", "explain", "explained")),
    ("en", ("omission", "omit")),
    ("en", ("deception", "deceive", "deceptive")),
])
def test_one_family_reads_as_one_stem(lang, words):
    """Words of one family that Snowball stems apart read as one: a side
    that conceded made a concession, a player explains in an explanation."""
    assert len({analysis.stem(lang, analysis.fold(w)) for w in words}) == 1, [analysis.stem(lang, analysis.fold(w)) for w in words]


@pytest.mark.parametrize("text,left", [
    ("tout point douteux doit être résolu contre le joueur qui revendique", True),
    ("contre l'adversaire", True), ("Contre les deux camps", True),
    ("après un Contre ou un Surcontre", False), ("le contre est annulé", False), ("par contre, il", False),
])
def test_contre_before_a_determiner_is_the_preposition_for_the_index(text, left):
    """« contre » before a determiner or a pronoun is the preposition: the
    index leaves it out of a document's text, blanked so that what follows
    keeps its place; the call (« un Contre ou ») stays, as does English."""
    indexed = analysis.indexed_text("fr", text)
    assert len(indexed) == len(text)
    assert ("contr" not in analysis.stems("fr", indexed)) == left, analysis.stems("fr", indexed)
    assert analysis.indexed_text("en", text) == text
