/* Code du bridge – auto-linker for newsletters and web pages.
 *
 * Turns "Loi 64B7", "Law 64B7", "Loi 64, B7", "Lois 47E et 54", "la Loi 53 ou la
 * Loi 56", « l'annexe 2 » into links to the
 * provisions on the Code du bridge site. The grammar below is generated from the
 * site's own (scripts/codebridge/patterns.py: EXPLICIT_REFERENCE, REFERENCE_ITEM,
 * CITATION_PARTS, ANNEX_REFERENCE), and the addresses are those of the site's
 * data/citations.json, so the page and the site agree on what a reference is
 * and where it leads.
 *
 *   <script src="https://SITE/assets/javascripts/autolink.js" data-base="https://SITE/" defer></script>
 *
 * Options (data attributes of the script tag): data-base (the site's address;
 * default: the site's public address, else two folders above the script), data-scope (a CSS selector: only those
 * elements are linked; default: the whole body).
 */
(function () {
  "use strict";
  var REFERENCE = new RegExp(/*REFERENCE*/, "g");
  var ITEM = new RegExp(/*ITEM*/, "g");
  var PARTS = new RegExp(/*PARTS*/);
  var ANNEX = new RegExp(/*ANNEX*/, "g");
  var SPACED = new RegExp(/*SPACED*/, "g");
  var DOTTED = new RegExp(/*DOTTED*/, "g");
  var DOTTED_ITEM = new RegExp(/*DOTTED_ITEM*/, "g");
  var SIBLING_SECTIONS = new RegExp(/*SIBLING_SECTIONS*/, "g");
  var SIBLING_SECTION = new RegExp(/*SIBLING_SECTION*/, "g");
  var COUNT_AFTER = new RegExp(/*COUNT_AFTER*/);
  var PUBLIC = /*PUBLIC*/; /* the site's public address, when it has one */
  var CITATIONS = /*CITATIONS*/; /* data/citations.json: citation → URL from the site's root */
  var PRESENT = new Set(/*PRESENT*/); /* the laws the sources give */
  var SIBLINGS = new Set(/*SIBLINGS*/); /* « Loi 64B7 et 8 »: what stands before the next paragraph (references.SIBLING_SEPARATORS) */
  var SKIP = { A: 1, SCRIPT: 1, STYLE: 1, CODE: 1, PRE: 1, TEXTAREA: 1, INPUT: 1, SELECT: 1, BUTTON: 1 };

  var script = document.currentScript;
  var base = (script && script.getAttribute("data-base")) || PUBLIC || (script ? new URL("../../", script.src).href : "./");
  if (base.slice(-1) !== "/") base += "/";
  base = new URL(base, location.href).href; /* links must work wherever the text is copied */

  /* The citation of the parts the grammar reads, as data/citations.json
     names it: 64B7, 45C4(b), 40B2(a)(v). */
  function citation(p) {
    return p.law + (p.section || "") + (p.number || "") + (p.letter ? "(" + p.letter + ")" : "") +
      (p.roman ? "(" + p.roman + ")" : "");
  }

  function known(c) {
    return Object.prototype.hasOwnProperty.call(CITATIONS, c);
  }

  /* Where a citation leads (codebridge.autolink.url): its address in
     data/citations.json; a provision of a law the sources lack, that law's
     page; anything else stays plain text (null). */
  function url(c, law) {
    if (known(c)) return CITATIONS[c];
    if (law && !PRESENT.has(law) && known(law)) return CITATIONS[law];
    return null;
  }

  /* Every reference in a text: [{start, end, law, citation, href}], in order. */
  function references(text) {
    var out = [], claimed = [];  /* the spans the passes before the grammar took */
    var m;
    /* "Loi 64 B 7", read before the grammar, which would take "Loi 64" alone (patterns.SPACED_REFERENCE) */
    SPACED.lastIndex = 0;
    while ((m = SPACED.exec(text))) {
      var sg = m.groups, from = m.index + m[0].length - sg.ref.length;
      claimed.push([from, from + sg.ref.length]);
      var sp = { law: sg.law, section: sg.section, number: sg.number, letter: sg.letter || sg.bare, roman: sg.roman };
      var sc = citation(sp), shref = url(sc, sp.law), send = from + sg.ref.length;
      if (shref === null && sg.bare) {  /* « … 64 B 7 a été … »: the next word, not a sub-paragraph */
        sp.letter = null;
        sc = citation(sp);
        shref = url(sc, sp.law);
        send = from + sg.ref.lastIndexOf(sg.number) + sg.number.length;
      }
      if (shref !== null) out.push({ start: from, end: send, law: sp.law, citation: sc, href: base + shref });
    }
    /* "Loi 71.2": the grammar would read laws 71 and 2 (patterns.DOTTED_REFERENCE) */
    DOTTED.lastIndex = 0;
    while ((m = DOTTED.exec(text))) {
      var dg = m.groups, dfrom = m.index + m[0].length - dg.ref.length;
      var listFrom = dfrom + dg.ref.length - dg.list.length, items = [], it;
      DOTTED_ITEM.lastIndex = 0;
      while ((it = DOTTED_ITEM.exec(dg.list))) {
        var dc = it.groups.law + "." + it.groups.number, dhref = url(dc, it.groups.law);
        if (dhref === null) continue;
        items.push({ start: it.index ? listFrom + it.index : dfrom, end: listFrom + it.index + it[0].length, law: it.groups.law, citation: dc, href: base + dhref });
      }
      claimed.push([dfrom, dfrom + dg.ref.length]);  /* « Loi 64.1 », no paragraph: text, not Law 64 and Law 1 */
      out = out.concat(items);
    }
    /* « Loi 64B1 et B2 »: B2 is Law 64's, the grammar links the first (patterns.SIBLING_SECTIONS) */
    SIBLING_SECTIONS.lastIndex = 0;
    while ((m = SIBLING_SECTIONS.exec(text))) {
      var rest = m.groups.rest, restFrom = m.index + m[0].length - rest.length, si;
      SIBLING_SECTION.lastIndex = 0;
      while ((si = SIBLING_SECTION.exec(rest))) {
        var sib = { law: m.groups.law, section: si.groups.section, number: si.groups.number, letter: si.groups.letter };
        var sibCite = citation(sib), sibHref = url(sibCite, sib.law);
        if (sibHref !== null) out.push({ start: restFrom + si.index, end: restFrom + si.index + si[0].length, law: sib.law, citation: sibCite, href: base + sibHref });
      }
    }
    function inClaimed(a, b) {
      return claimed.some(function (s) { return s[0] < b && a < s[1]; });
    }
    REFERENCE.lastIndex = 0;
    while ((m = REFERENCE.exec(text))) {
      var list = m.groups.list;
      var listStart = m.index + m[0].length - list.length;
      var law = null;
      var first = true;
      var item;
      var singular = m.groups.word.slice(-1).toLowerCase() !== "s", previous = null;
      /* « Loi 64, 2 levées »: a bare number ending the list, a word after it, counts (patterns.COUNT_AFTER) */
      var counted = singular && COUNT_AFTER.test(text.slice(m.index + m[0].length));
      ITEM.lastIndex = 0;
      while ((item = ITEM.exec(list))) {
        if (!item[0]) { ITEM.lastIndex++; continue; }
        var cite = item.groups.cite;
        var q = PARTS.exec(cite);
        if (!q) continue;
        if (counted && !first && /^\d+$/.test(cite) && item.index + item[0].length === list.length) break;
        var g = q.groups;
        /* 64b7 and 45C4b as typed: 64B7, 45C4(b) */
        var p = { law: g.law || law, section: g.section && g.section.toUpperCase(), number: g.number, letter: g.letter || g.bare_letter, roman: g.roman };
        if (!p.law) continue;
        /* after "Loi" in the singular and a paragraph, a bare number is the next paragraph: « Loi 64B7 et 8 » */
        if (g.law && singular && previous && previous.number && cite === g.law && SIBLINGS.has((item.groups.sep || "").trim())) {
          p = { law: previous.law, section: previous.section, number: g.law };
        }
        previous = p;
        law = p.law;
        var start = first ? m.index : listStart + item.index + item[0].length - cite.length;
        var end = listStart + item.index + item[0].length;
        first = false;
        var c = citation(p);
        var href = url(c, p.law);
        if (href === null || inClaimed(start, end)) continue; /* no such law or provision: plain text */
        out.push({ start: start, end: end, law: p.law, citation: c, href: base + href });
      }
    }
    /* the annex: « l'annexe 2 », "Annexe 1.2" (patterns.ANNEX_REFERENCE) */
    ANNEX.lastIndex = 0;
    while ((m = ANNEX.exec(text))) {
      var g2 = m.groups;
      if (!g2.number && g2.word[0] !== g2.word[0].toUpperCase()) continue;
      var ca = "Annexe" + (g2.number ? " " + g2.number + (g2.sub ? "." + g2.sub : "") : "");
      if (!known(ca)) continue; /* no such item: plain text, as for the laws */
      var s = m.index + m[0].length - g2.ref.length;
      out.push({ start: s, end: s + g2.ref.length, law: "annexe", citation: ca, href: base + CITATIONS[ca] });
    }
    out.sort(function (a, b) { return a.start - b.start || a.end - b.end; });
    return out;
  }

  function linkify(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        for (var el = node.parentNode; el && el !== root.parentNode; el = el.parentNode) {
          if (SKIP[el.nodeName]) return NodeFilter.FILTER_REJECT;
        }
        return NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    var count = 0;
    nodes.forEach(function (node) {
      var text = node.nodeValue;
      var refs = references(text);
      if (!refs.length) return;
      var frag = document.createDocumentFragment();
      var pos = 0;
      refs.forEach(function (r) {
        frag.appendChild(document.createTextNode(text.slice(pos, r.start)));
        var a = document.createElement("a");
        a.href = r.href;
        a.className = "cb-autolink";
        a.textContent = text.slice(r.start, r.end);
        frag.appendChild(a);
        pos = r.end;
        count++;
      });
      frag.appendChild(document.createTextNode(text.slice(pos)));
      node.parentNode.replaceChild(frag, node);
    });
    return count;
  }

  window.CodeBridgeAutolink = { references: references, linkify: linkify, base: base };
  function run() {
    var scope = script && script.getAttribute("data-scope");
    var roots = scope ? document.querySelectorAll(scope) : [document.body];
    Array.prototype.forEach.call(roots, linkify);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
