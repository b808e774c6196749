"""The "À propos" page: sources, credits, copyright, what is missing and why."""

from __future__ import annotations

from . import labels
from .model import Code
from .escape import front_matter
from .render import md_escape, rel

TEXT = {
    "fr": {
        "title": "À propos",
        "intro": (
            "Ce site publie le Code international du bridge 2017 en français, loi par loi, "
            "avec les notes nationales de la FFB, et une traduction anglaise de travail alignée "
            "disposition par disposition. Il est produit automatiquement à partir des documents "
            "sources ci-dessous ; le texte des lois y est reproduit tel quel, coquilles comprises."
        ),
        "rights": "Droits et crédits",
        "rights.body": [
            "**Laws of Duplicate Bridge 2017 © World Bridge Federation (WBF).** Les Lois sont la "
            "propriété de la Fédération Mondiale de Bridge ; l'édition officielle est celle de la WBF.",
            "**Traduction française © Fédération Française de Bridge (FFB)**, de même que les notes "
            "nationales et l'Annexe « Utilisation des boîtes à annonces ».",
            "**Commentaires** : Roger Larocque (atelier sur les lois les plus utilisées, Québec, 2015) ; "
            "l'auteur du commentaire de la Loi 61 sur la renonce (document de club).",
            "**Traduction anglaise** : traduction de travail non officielle, faite par ce projet à "
            "partir du texte français de la FFB ; elle ne remplace pas l'édition officielle anglaise de la WBF.",
        ],
        "sources": "Sources",
        "missing": "Ce qui manque, et pourquoi",
        "missing.laws": (
            "Les Définitions et les Lois 1 à 39 ne figurent pas dans nos sources. Chacune a déjà sa "
            "page, à son adresse définitive, pour que les renvois aboutissent ; leur texte y prendra "
            "place dès qu'un fichier source les contenant sera ajouté (même format, une ligne dans le manifeste)."
        ),
        "missing.gaps": "Les sources ont perdu à l'extraction :",
        "layer": (
            "Tout ce que ce site ajoute au texte (liens de renvoi, avis de lacune, traduction) est "
            "signalé comme tel et ne modifie jamais le texte source."
        ),
        "file": "fichier",
        "covers": "contenu",
    },
    "en": {
        "title": "About",
        "intro": (
            "This site publishes the 2017 International Code of Duplicate Bridge, law by law, as "
            "translated into French by the FFB with its national notes, beside an unofficial English "
            "working translation aligned provision by provision. It is built automatically from the "
            "source documents below; the French law text is reproduced as it is, typos included."
        ),
        "rights": "Rights and credits",
        "rights.body": [
            "**Laws of Duplicate Bridge 2017 © World Bridge Federation (WBF).** The Laws belong to "
            "the WBF; the official edition is the WBF's.",
            "**French translation © Fédération Française de Bridge (FFB)**, as are the national notes "
            "and the Annex on bidding boxes.",
            "**Commentaries**: Roger Larocque (workshop on the most used laws, Quebec, 2015); the "
            "author of the club commentary on Law 61, the revoke.",
            "**English translation**: an unofficial working translation made by this project from "
            "the FFB's French text; it does not replace the WBF's official English edition.",
        ],
        "sources": "Sources",
        "missing": "What is missing, and why",
        "missing.laws": (
            "The Definitions and Laws 1 to 39 are not in our sources. Each already has its page, at "
            "its permanent address, so that references land somewhere; their text will take its "
            "place as soon as a source file holding them is added."
        ),
        "missing.gaps": "The sources lost in extraction:",
        "layer": (
            "Everything this site adds to the text (reference links, gap notices, translation) is "
            "marked as such and never changes the source text."
        ),
        "file": "file",
        "covers": "content",
    },
}


def about_page(code: Code, lang: str) -> str:
    s = TEXT[lang]
    src = "a-propos.md"
    lines = [front_matter(title=s["title"]), f"# {s['title']}", "", s["intro"], ""]
    lines += [f"## {s['rights']}", ""]
    lines += [f"- {item}" for item in s["rights.body"]]
    lines += ["", f"## {s['sources']}", ""]
    for source in code.sources:
        lines += [
            f"### {md_escape(source.title)}",
            "",
            md_escape(source.origin),
            "",
            f"- {s['file']}{' :' if lang == 'fr' else ':'} <code>{md_escape('content/sources/' + source.file)}</code>",
            f"- © : {md_escape(source.credit)}",
            "",
        ]
    lines += [f"## {s['missing']}", "", s["missing.laws"], "", s["missing.gaps"], ""]
    for gap in code.gaps:
        link = rel(src, labels.law_src(gap.label[0])) + ("#" + labels.anchor(gap.label) if len(gap.label) > 1 else "")
        lines.append(f"- [{md_escape(labels.cite(gap.label, lang))}]({link}) : {md_escape(gap.fr if lang == 'fr' else gap.en)}")
    lines += ["", s["layer"], ""]
    return "\n".join(lines)
