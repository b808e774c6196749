"""Code du bridge: the Laws of Duplicate Bridge as structured data and a site.

The pipeline, one module per stage:

    sources    → read the manifest and the files, refuse bad input
    parse      → the French text into the model (``model``)
    conserve   → prove every word landed somewhere
    layers     → text units and note calls (``references``: renvois)
    render     → Markdown pages; ``site`` collects them for MkDocs
    analysis   → words to stems, for search (French and English)
    index      → the Whoosh full-text index and search as people type
    searchdata → the browser's copy of the index (search/index.js)
    export     → data/code.json, data/citations.json
"""

from .labels import anchor, citation, cite, url
from .model import Block, Code, Law, Note, Provision
from .parse import parse_code
from .inputs import SourceError

__all__ = [
    "Block",
    "Code",
    "Law",
    "Note",
    "Provision",
    "SourceError",
    "anchor",
    "citation",
    "cite",
    "parse_code",
    "url",
]
