"""The page documenting the newsletter auto-linker, with a live example."""

from __future__ import annotations

TOOLS = {"fr": "Lier vos textes", "en": "Link your texts"}

PAGE = {
    "fr": """---
title: "Lier vos textes au code"
autolink: true
description: "Un script et une commande qui transforment « Loi 64B7 » en lien vers ce site."
---

# Lier vos textes au code

Vous rédigez une lettre de club ou une page web qui cite « voir Loi 64B7 » ou « Lois 47E et 54 » ?
Deux outils transforment ces renvois en liens permanents vers ce site, avec la même grammaire de
renvois que le site lui-même.

## Dans une page web : `autolink.js`

Ajoutez une ligne à la fin de votre page ; chaque renvoi devient un lien vers la disposition citée
(une disposition inconnue reste du texte) :

```html
<script src="https://ADRESSE-DU-SITE/assets/javascripts/autolink.js"
        data-base="https://ADRESSE-DU-SITE/" defer></script>
```

`data-base` est l'adresse du site (par défaut : celle d'où le script est chargé). Les liens reçoivent
la classe `cb-autolink`. Exemple, lié en direct par le script sur cette page :

<div class="cb-autolink-demo" data-autolink markdown="1">

Après une renonce consommée (voir Loi 64B7), l'arbitre peut aussi appliquer les Lois 47E et 54,
ou la Loi 53 ou la Loi 56 ; pour une désignation changée, voir la Loi 45C4(b).

</div>

## Dans un fichier : `codebridge autolink`

```sh
codebridge autolink lettre.md > lettre-liee.md          # Markdown
codebridge autolink page.html --base https://ADRESSE-DU-SITE/ > page-liee.html
```

Les liens déjà présents et le code ne sont pas modifiés.
""",
    "en": """---
title: "Link your texts to the code"
autolink: true
description: "A script and a command that turn “Loi 64B7” into a link to this site."
---

# Link your texts to the code

Writing a club newsletter or a web page that says "voir Loi 64B7" or "Lois 47E et 54"? Two tools turn
those references into permanent links to this site, with the site's own reference grammar (French
citations, as the newsletters write them).

## In a web page: `autolink.js`

Add one line at the end of your page; each reference becomes a link to the provision it cites (an
unknown provision stays plain text):

```html
<script src="https://SITE-ADDRESS/en/assets/javascripts/autolink.js"
        data-base="https://SITE-ADDRESS/en/" defer></script>
```

`data-base` is the site's address (default: where the script is loaded from). Links get the class
`cb-autolink`. Example, linked live by the script on this page:

<div class="cb-autolink-demo" data-autolink markdown="1">

After an established revoke (voir Loi 64B7), the Director may also apply Lois 47E et 54, or
la Loi 53 ou la Loi 56; for a changed designation, voir la Loi 45C4(b).

</div>

## In a file: `codebridge autolink`

```sh
codebridge autolink newsletter.md > newsletter-linked.md
codebridge autolink page.html --base https://SITE-ADDRESS/en/ > page-linked.html
```

Existing links and code are left alone.
""",
}


def tools_page(lang: str) -> str:
    return PAGE[lang]
