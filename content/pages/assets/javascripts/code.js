/* Code du bridge – page behaviour: copy controls on provisions, the language
 * switch. Previews are theme.js's. No dependency; works from file:// as well. */
(function () {
  "use strict";


  var siteRoot = window.CodeBridge.root;

  /* The short link of a provision: r/<anchor>/ at the site's public address
   * when it has one (also from the offline copy), else where the page is
   * (index.html when offline). */
  function shortLink(anchor) {
    var pub = document.querySelector('meta[name="codebridge:public"]');
    var short = window.CodeBridge.labels.short + anchor + "/";
    if (pub && pub.content) return new URL(short, pub.content).href;
    return window.CodeBridge.page(new URL(short, siteRoot()).href);
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
    return Promise.resolve();
  }

  function flash(button, text) {
    var note = document.createElement("span");
    note.className = "cb-copied";
    note.setAttribute("role", "status");
    note.textContent = window.CodeBridge.text("copied") + text;
    /* a toast fixed inside the screen: beside the button it would overflow a phone */
    document.querySelectorAll(".cb-copied").forEach(function (n) { n.remove(); });
    document.body.appendChild(note);
    setTimeout(function () { note.remove(); }, 2500);
  }

  document.addEventListener("click", function (event) {
    /* a case's "Lien court" copies it, as "lien" does a provision's (followed, it is still the link) */
    var short = event.target.closest && event.target.closest("a.cb-short[data-short]");
    if (short && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      var address = shortLink(short.getAttribute("data-short"));
      copy(address).then(function () { flash(short, address); });
      return;
    }
    var button = event.target.closest && event.target.closest("button.cb-copy");
    if (!button) return;
    var tools = button.closest(".cb-tools");
    var anchor = tools.getAttribute("data-anchor"), link = shortLink(anchor);
    /* "lien": the short link; "citation": « Loi 64B7 — link »; "texte": the
     * same with the provision's words quoted (« Loi 64B7 : « … » — link ») */
    var kind = button.getAttribute("data-copy"), cite = tools.getAttribute("data-cite") + " — " + link;
    var text = kind === "link" ? link : cite, said = kind === "quote" ? words(anchor) : "";
    if (said) text = window.CodeBridge.text("cite").replace("{cite}", tools.getAttribute("data-cite")).replace("{words}", said).replace("{link}", link);
    copy(text).then(function () { flash(button, text.length > 120 ? text.slice(0, 119) + "…" : text); });
  });

  /* "texte" quotes the provision: its words as the page prints them, its
   * sub-provisions' included, without what the site adds (copy controls,
   * "Cité par", cases, note calls, readings of slips, restored tables,
   * notices, the law's summary, the printed footer) and without the numbers
   * opening it, which the citation says; a title, then a dash, then the
   * text; a titled section, its heading's title and what follows it up to
   * the next heading. */
  var ADDED = ".cb-meta, .cb-examples, .cb-sic, .cb-landing, .cb-tools-name, .cb-restored, .cb-nearest, " +
    "form, .admonition, .headerlink, .cb-scoring-title, .cb-law-cited, .cb-print-only, .cb-notes";
  function words(anchor) {
    var target = document.getElementById(anchor), parts = [];
    if (!target) return "";
    var heading = /^H[1-6]$/.test(target.tagName);
    if (heading) {
      for (var n = target.nextElementSibling; n && !/^H[1-6]$/.test(n.tagName); n = n.nextElementSibling) if (!n.matches(ADDED)) parts.push(n);
    } else {
      parts.push(target);
    }
    var text = parts.map(function (el, i) { return printed(el, i === 0 && !heading); }).join(" ").replace(/\s+/g, " ").replace(/ — $/, "").trim();
    if (heading) {
      var title = target.cloneNode(true);
      title.querySelectorAll(ADDED).forEach(function (x) { x.remove(); });
      var name = title.textContent.replace(/^\s*([A-Z]|\d+)\.\s*/, "").trim();
      return text ? name + " — " + text : name;
    }
    /* an item after its lead-in (64B7), "[…]" for the items between */
    var lead = text && window.CodeBridge.leadIn ? window.CodeBridge.leadIn(target) : null;
    if (lead) text = printed(lead.element, true).replace(/\s+/g, " ").trim() + (lead.between ? " […] " : " ") + text;
    return text;
  }

  /* An element's words as printed; ``opening``: without its first numbers */
  function printed(el, opening) {
    var clone = el.cloneNode(true);
    clone.querySelectorAll(ADDED).forEach(function (x) { x.remove(); });
    /* a note call goes with the space before it: « autrement (20)) » is « autrement) » */
    clone.querySelectorAll(".cb-call").forEach(function (call) {
      var before = call.previousSibling, after = call.nextSibling;
      if (before && before.nodeType === 3 && (!after || after.nodeType !== 3 || /^[\s),.\]]/.test(after.textContent))) {
        before.textContent = before.textContent.replace(/\s+$/, "");
      }
      call.remove();
    });
    clone.querySelectorAll(".cb-title").forEach(function (title) { title.textContent = title.textContent.trim() + " — "; });
    if (opening) {
      /* the numbers opening its first words: its own, and those of the
       * provisions above it that open there ("4. (a)" of 45C4(a)); not
       * those of the provisions under it (45C4's "(a)") */
      var first = clone.matches("p") ? clone : clone.querySelector("p");
      if (first) {
        var under = 0;
        for (var up = first.parentElement; up && up !== clone; up = up.parentElement) if (up.classList.contains("cb-prov")) under += 1;
        var markers = first.querySelectorAll(".cb-marker");
        for (var k = 0; k < markers.length - under; k++) markers[k].remove();
      }
    }
    return clone.textContent;
  }
})();

/* The language switch keeps the page and the provision: the header's language
 * menu is pointed at the same page in the other language, and every switch
 * carries the current #anchor, or else the provision being read (the last
 * one whose top is in the top quarter of the screen, under the header). */
(function () {
  "use strict";
  var root = window.CodeBridge.root();
  var here = location.href.split("#")[0].split("?")[0];
  if (here.indexOf(root.href) !== 0) return;
  var path = here.slice(root.href.length);
  var english = document.documentElement.lang === "en";
  var other = english ? new URL("../" + path, root) : new URL("en/" + path, root);

  document.querySelectorAll(".md-select__link[hreflang]").forEach(function (a) {
    var lang = a.getAttribute("hreflang");
    if ((lang === "en") !== english) {
      a.href = other.href;
      a.setAttribute("data-lang-switch", "");
    } else {
      a.href = here;  /* this language: this page (offline, its root was a folder: a file listing) */
    }
  });
  /* an id that differs between the languages ("voir-aussi" / "see-also") */
  var renamed = {};
  var named = document.querySelector("a[data-other-ids]");
  if (named) {
    var ids = named.getAttribute("data-other-ids").split(" ");
    renamed[ids[0]] = ids[1];
  }
  function anchor() {
    var id = "";
    if (location.hash) {
      try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return location.hash; }
    } else if (window.scrollY > 0) {
      var header = document.querySelector(".md-header");
      var line = (header ? header.getBoundingClientRect().bottom : 0) + Math.min(100, window.innerHeight / 4);
      document.querySelectorAll("article div[id], article h2[id], article h3[id], article h4[id], article li[id]").forEach(function (el) {
        if (el.getBoundingClientRect().top <= line) id = el.id;
      });
    }
    if (!id) return "";
    return "#" + encodeURIComponent(renamed[id] || id).replace(/%28/g, "(").replace(/%29/g, ")");
  }
  /* A provision reached by its address (#64B7: a link "voir Loi 64B7", a
   * short link) shows at its top its section's heading and the sentence
   * its words continue, when they continue one (the lead-in ending in a
   * colon that the previews show too, collect._lead_ins):
   * « B. Pas d’ajustement automatique de levée », « Il n’y a pas d’ajustement automatique … : »
   * then « 7. quand les deux camps… ». Read from the page itself. */
  var LEVELS = { "cb-number": 1, "cb-subnumber": 2, "cb-letter": 2, "cb-roman": 3 };

  function level(el) {
    for (var name in LEVELS) if (el.classList.contains(name)) return LEVELS[name];
    return 0;
  }

  function ownText(prov) {
    for (var c = prov.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "P") return c;
    return null;
  }

  function leadIn(target) {
    var rank = level(target);
    for (var n = target.previousElementSibling; n; n = n.previousElementSibling) {
      if (/^H[1-6]$/.test(n.tagName)) return null;
      if (n.classList.contains("cb-prov")) {
        if (level(n) >= rank) continue;  /* an item of the same list, or of a deeper one */
        return ownText(n);
      }
      if (n.tagName === "P") return n;
      if (!n.matches(".cb-meta, .cb-examples")) return null;  /* other words (a dashed list, a table) came between */
    }
    var parent = target.parentElement;
    return parent && parent.classList.contains("cb-prov") && level(parent) < rank ? ownText(parent) : null;
  }

  /* for "citer": the lead-in an item continues, items between them or not */
  window.CodeBridge.leadIn = function (target) {
    if (!target.classList.contains("cb-prov") || !level(target)) return null;
    var lead = leadIn(target);
    if (!lead || !/:\s*$/.test(lead.textContent)) return null;
    var before = false;
    for (var n = target.previousElementSibling; n && n !== lead; n = n.previousElementSibling) {
      if (n.classList.contains("cb-prov") && level(n) === level(target)) before = true;
    }
    return { element: lead, between: before };
  };

  function sectionOf(target) {
    for (var n = target; n && !n.matches("article, .md-content"); n = n.previousElementSibling || n.parentElement) {
      if (n !== target && n.matches("h2.cb-section")) return n;
    }
    return null;
  }

  function landing() {
    document.querySelectorAll(".cb-landing").forEach(function (n) { n.remove(); });
    var target = null;
    try { target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1))); } catch (e) { return; }
    if (!target || !target.classList.contains("cb-prov") || !level(target)) return;
    var lead = leadIn(target), section = sectionOf(target);
    if (lead && !/:\s*$/.test(lead.textContent)) lead = null;
    /* the number of the paragraph it belongs to, when neither it nor the
       lead-in shows it: 45C4 has no words of its own, its "4." stands
       before (a), and (b) alone would not say it */
    var paragraph = target.parentElement && target.parentElement.closest(".cb-prov.cb-number");
    var number = paragraph && paragraph.querySelector(".cb-marker");
    if (number && (target.contains(number) || (lead && lead.contains(number)))) number = null;
    if (!lead && !section && !number) return;
    var box = document.createElement("div");
    box.className = "cb-landing";
    if (section) {
      var heading = section.cloneNode(true);
      heading.querySelectorAll(".headerlink").forEach(function (n) { n.remove(); });
      var line = document.createElement("p");
      line.className = "cb-landing__section";
      line.textContent = heading.textContent.trim();
      box.appendChild(line);
    }
    if (number && !lead) {
      var own = document.createElement("p");
      own.className = "cb-landing__lead";
      own.appendChild(number.cloneNode(true));
      own.appendChild(document.createTextNode(" …"));
      box.appendChild(own);
    }
    if (lead) {
      var words = lead.cloneNode(true);
      words.className = "cb-landing__lead";
      words.querySelectorAll("[id]").forEach(function (n) { n.removeAttribute("id"); });
      box.appendChild(words);
    }
    target.insertBefore(box, target.firstChild);
  }
  landing();
  window.addEventListener("hashchange", landing);

  /* every switch carries the anchor, and the page's query (a calculator's
   * or the revoke helper's answers; not a search typed, ?q=, which is the
   * reader's and stays in this language): kept up to date as the #anchor
   * changes, and read again as it is followed (the reader may have
   * scrolled, or answered) */
  function carryHash() {
    var hash = anchor(), params = new URLSearchParams(location.search);
    params.delete("q");
    params.delete("absent");  /* publish.js's notice, said on this side only */
    var query = params.toString();
    document.querySelectorAll("a[data-lang-switch]").forEach(function (a) {
      a.href = a.href.split("#")[0].split("?")[0] + (query ? "?" + query : "") + hash;
    });
    /* the bilingual view of this law opens at the same provision (its rows bear the same ids) */
    document.querySelectorAll("a.cb-parallel-link").forEach(function (a) {
      a.href = a.href.split("#")[0] + hash;
    });
  }
  carryHash();
  window.addEventListener("hashchange", carryHash);
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("a[data-lang-switch], a.cb-parallel-link")) carryHash();
  }, true);
  document.addEventListener("pointerdown", function (e) {
    if (e.target.closest && e.target.closest(".md-select")) carryHash();
  }, true);
})();
