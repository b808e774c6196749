/* Code du bridge – the theme's behaviour, in place of Material's own script
 * (bundle.js: 35 KB gzip on every page, most of it for features this site
 * does not use). Here: the light/dark toggle, the table of contents that
 * follows the reading, the header's title and shadow, the back-to-top
 * button, the menu's keyboard and closing, <details> opened for their
 * target, "n"/"p" for the next and previous page, and previews: the text of
 * a reference, a footnote or a note beside its call, on hover or focus, or
 * over the text on a tap (the links inside a preview are followed at
 * once). Loaded first, on every page; code.js and
 * publish.js use CodeBridge.text and CodeBridge.preview. No dependency;
 * works from file:// as well. */
(function () {
  "use strict";

  /* Interface text: content/strings/<lang>.yaml ("script." keys), printed in the page by the theme. */
  var TEXT = {};
  try { TEXT = JSON.parse(document.getElementById("cb-text").textContent); } catch (e) { /* none */ }
  var CodeBridge = window.CodeBridge = window.CodeBridge || {};
  CodeBridge.text = function (key) { return Object.prototype.hasOwnProperty.call(TEXT, key) ? TEXT[key] : ""; };
  /* The short links' folder and the annex's key, as labels.py writes them, printed in the page by the theme. */
  CodeBridge.labels = {};
  try { CodeBridge.labels = JSON.parse(document.getElementById("cb-labels").textContent); } catch (e) { /* none */ }

  /* The site's root folder, from the theme's configuration block. */
  CodeBridge.root = function () {
    var base = ".";
    try { base = JSON.parse(document.getElementById("__config").textContent).base || "."; } catch (e) { /* keep "." */ }
    return new URL(base.replace(/\/?$/, "/"), location.href);
  };

  /* A page's address as this copy opens it: from file:// (the site copied to
   * a disk, opened without a server), a folder ("lois/64/") would show its
   * listing, so its index.html is named; served, the address as it is. */
  CodeBridge.page = function (href) {
    var url = new URL(href, location.href);
    if (location.protocol === "file:" && url.protocol === "file:" && /\/$/.test(url.pathname)) url.pathname += "index.html";
    return url.href;
  };
  if (location.protocol === "file:") {
    /* every link followed, those the scripts add included (search results,
     * previews): named before the browser follows it */
    document.addEventListener("click", function (event) {
      var a = event.target.closest && event.target.closest("a[href]");
      if (a && !/^#/.test(a.getAttribute("href"))) a.href = CodeBridge.page(a.href);
    }, true);
  }

  function each(selector, f, root) { Array.prototype.forEach.call((root || document).querySelectorAll(selector), f); }
  /* Keys typed into a field are text, not shortcuts. */
  function typing(target) { return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName); }
  CodeBridge.typing = typing;

  /* A code block or a table wider than the screen scrolls: the keyboard can reach it
     (again after a script changed its text: paste.js). */
  CodeBridge.reachable = function (box) {
    if (box.scrollWidth > box.clientWidth && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
  };
  each("pre > code, .cb-table-wrap", CodeBridge.reachable);

  /* -- Light and dark: Material's radio toggles, stored as its head script reads them back. -- */
  var palette = document.querySelector("form[data-md-component=palette]");
  if (palette) {
    var inputs = palette.querySelectorAll("input[name=__palette]");
    var dark = window.matchMedia("(prefers-color-scheme: dark)");
    var applyPalette = function (input) {
      var media = input.getAttribute("data-md-color-media");
      var from = input;
      if (media === "(prefers-color-scheme)") {  /* follow the system */
        from = palette.querySelector("[data-md-color-media='(prefers-color-scheme: " + (dark.matches ? "dark" : "light") + ")']") || input;
      }
      var color = { media: media };
      ["scheme", "primary", "accent"].forEach(function (k) {
        color[k] = from.getAttribute("data-md-color-" + k);
        document.body.setAttribute("data-md-color-" + k, color[k]);
      });
      document.body.setAttribute("data-md-color-media", media);
      each("label", function (label) { label.hidden = label.previousElementSibling !== input; }, palette);
      retarget(input);
      return color;
    };
    /* Each tap changes what the reader sees: from "follow the system", to
       the other scheme; from a scheme, to the other, or back to following the
       system when that is what it shows. (Material's fixed cycle, system →
       light → dark, did nothing at the first tap on a light system.) The
       shown toggle names where it leads: the name of the entry before it. */
    var retarget = function (input) {
      var list = Array.prototype.slice.call(inputs), system = dark.matches ? "dark" : "light";
      var at = function (m) { return palette.querySelector("[data-md-color-media='" + m + "']"); };
      var media = input.getAttribute("data-md-color-media"), target;
      if (media === "(prefers-color-scheme)") target = at("(prefers-color-scheme: " + (system === "dark" ? "light" : "dark") + ")");
      else {
        var other = media.indexOf("dark") >= 0 ? "light" : "dark";
        target = other === system ? at("(prefers-color-scheme)") : at("(prefers-color-scheme: " + other + ")");
      }
      var label = input.nextElementSibling, before = list[(list.indexOf(target) + list.length - 1) % list.length];
      if (!target || !label || !before) return;
      label.setAttribute("for", target.id);
      label.title = before.getAttribute("aria-label");
    };
    var stored = null;
    try { stored = window.__md_get("__palette"); } catch (e) { /* no storage */ }
    var start = inputs[stored && inputs[stored.index] ? stored.index : 0];
    if (start) {
      start.checked = true;
      applyPalette(start);
    }
    palette.addEventListener("change", function () {
      var input = palette.querySelector("input:checked");
      if (!input) return;
      var color = applyPalette(input);
      var chosen = { index: Array.prototype.indexOf.call(inputs, input), color: color };
      try {
        window.__md_set("__palette", chosen);
        /* the other language's site keeps its own copy, under its own root: the choice holds on both sides */
        var root = CodeBridge.root();
        window.__md_set("__palette", chosen, localStorage, document.documentElement.lang === "en" ? new URL("../", root) : new URL("en/", root));
      } catch (e) { /* no storage */ }
    });
    var follow = function () {
      var input = palette.querySelector("input:checked");
      if (input && input.getAttribute("data-md-color-media") === "(prefers-color-scheme)") applyPalette(input);
      else if (input) retarget(input);
    };
    if (dark.addEventListener) dark.addEventListener("change", follow);
  }

  /* -- Scrolling: the table of contents, the header, the back-to-top button. -- */
  var header = document.querySelector(".md-header");
  var title = document.querySelector("[data-md-component=header-title]");
  var heading = document.querySelector(".md-content h1");
  var top = document.querySelector("[data-md-component=top]");
  var tocLinks = [];
  each(".md-nav--secondary a.md-nav__link[href^='#']", function (a) {
    var target = document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1)));
    if (target) tocLinks.push({ link: a, target: target });
  });
  var main = document.querySelector(".md-main");
  /* Scripts run: the theme's stylesheet gives the sidebars no height of their
   * own (its "no-js" rules gave them the page's); each scrolls within what the
   * screen shows of the main area, under the header. */
  document.documentElement.classList.remove("no-js");
  function sizeSidebars(offset) {
    var bottom = Math.min(window.innerHeight, main ? main.getBoundingClientRect().bottom : window.innerHeight);
    each(".md-sidebar", function (sidebar) {
      var wrap = sidebar.querySelector(".md-sidebar__scrollwrap");
      if (!wrap) return;
      if (window.getComputedStyle(sidebar).position !== "sticky") { wrap.style.height = ""; return; }  /* the phone's drawer */
      var top = Math.max(offset, sidebar.getBoundingClientRect().top);  /* stuck under the header, or not yet */
      wrap.style.height = Math.max(0, bottom - top - 2 * wrap.offsetTop) + "px";
    });
  }
  var lastY = window.scrollY;
  var pending = false;
  function onScroll() {
    pending = false;
    var y = window.scrollY;
    var offset = header ? header.getBoundingClientRect().bottom : 0;
    sizeSidebars(offset);
    if (header) header.classList.toggle("md-header--shadow", y > 0);
    if (title && heading) title.classList.toggle("md-header__title--active", heading.getBoundingClientRect().bottom < offset);
    if (top) top.hidden = !(y < lastY && y > window.innerHeight);
    lastY = y;
    /* the current section: the last heading at or above the header's bottom edge */
    var current = null;
    tocLinks.forEach(function (entry) {
      /* an address's target stops at its scroll margin, below the header: it is the current one there */
      var margin = entry.target.matches(":target") ? parseFloat(window.getComputedStyle(entry.target).scrollMarginTop) || 0 : 0;
      var passed = entry.target.getBoundingClientRect().top <= Math.max(offset + 8, margin + 1);
      if (passed) current = entry.target;
      entry.link.classList.toggle("md-nav__link--passed", passed);
    });
    if (!current && tocLinks.length) current = tocLinks[0].target;
    tocLinks.forEach(function (entry) {
      var active = entry.target === current;
      if (active === entry.link.classList.contains("md-nav__link--active")) return;
      entry.link.classList.toggle("md-nav__link--active", active);
      if (!active) return;
      /* toc.follow: keep the current entry in view in the sidebar */
      var wrap = entry.link.closest(".md-sidebar__scrollwrap");
      /* not the menu's copy of the table, hidden on a wide screen: it would scroll the menu away */
      if (!wrap || !entry.link.offsetParent) return;
      var r = entry.link.getBoundingClientRect();
      var w = wrap.getBoundingClientRect();
      if (r.top < w.top || r.bottom > w.bottom) wrap.scrollTop += r.top - w.top - wrap.clientHeight / 2;
    });
  }
  window.addEventListener("scroll", function () {
    if (!pending) { pending = true; window.requestAnimationFrame(onScroll); }
  }, { passive: true });
  window.addEventListener("resize", onScroll);
  onScroll();
  /* the menu opens scrolled to the current page */
  each(".md-sidebar--primary .md-sidebar__scrollwrap", function (wrap) {
    var here = wrap.querySelector(".md-nav__link--active[href]");
    if (!here || !wrap.clientHeight) return;
    var r = here.getBoundingClientRect();
    var w = wrap.getBoundingClientRect();
    if (r.bottom > w.bottom) wrap.scrollTop += r.top - w.top - wrap.clientHeight / 3;
  });
  if (top) top.addEventListener("click", function () { top.blur(); window.scrollTo({ top: 0 }); });

  /* -- The menu: keyboard on its folding entries, closed when a link of it is followed. -- */
  var drawer = document.getElementById("__drawer");
  document.addEventListener("click", function (event) {
    if (drawer && drawer.checked && event.target.closest && event.target.closest(".md-sidebar a[href]")) drawer.checked = false;
  });
  each("label.md-nav__link[for][tabindex]", function (label) {
    label.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); label.click(); }
    });
  });
  each("input.md-nav__toggle", function (toggle) {
    toggle.addEventListener("change", function () {
      toggle.classList.remove("md-toggle--indeterminate");
      each("nav[aria-labelledby='" + toggle.id + "_label']", function (nav) { nav.setAttribute("aria-expanded", String(toggle.checked)); });
    });
  });

  /* -- <details>: open around the provision an address leads to, and all of them in print. -- */
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var el = target; el; el = el.parentElement) if (el.tagName === "DETAILS") el.open = true;
  }
  openTarget();
  window.addEventListener("hashchange", openTarget);
  window.addEventListener("beforeprint", function () { each("details", function (d) { d.open = true; }); });

  /* -- The header's language menu opens while it holds the focus (the
   * theme's CSS): Escape puts it away, the focus back on its button; it
   * opens again when its button is pressed, pointed at or left. -- */
  function dismissed(select, away) { select.classList.toggle("cb-dismissed", away); }
  each(".md-select", function (select) {
    var button = select.querySelector("button");
    select.addEventListener("focusout", function (event) { if (!select.contains(event.relatedTarget)) dismissed(select, false); });
    select.addEventListener("mouseenter", function () { dismissed(select, false); });
    if (!button) return;
    button.addEventListener("click", function () { dismissed(select, false); });
    button.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") dismissed(select, false);
    });
  });

  /* -- Keys, as in Material: "n" or "." the next page, "p" or "," the previous one; Escape closes. -- */
  window.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      CodeBridge.preview.close();
      if (drawer) drawer.checked = false;
      var select = event.target.closest && event.target.closest(".md-select");
      if (select) {
        dismissed(select, true);
        var button = select.querySelector("button");
        if (button) button.focus();
      }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || document.querySelector("dialog[open]")) return;
    var rel = { n: "next", ".": "next", p: "prev", ",": "prev" }[event.key];
    var link = rel && document.querySelector("link[rel=" + rel + "]");
    if (link) { event.preventDefault(); location.href = CodeBridge.page(link.href); }
  });

  /* -- Previews: one box, for references, footnotes and notes. -- */
  var open = null;
  var hoverTimer = 0;
  var quiet = null;  /* a link given the focus back by close(): no preview for that */
  function close() {
    window.clearTimeout(hoverTimer);
    if (!open) return;
    var was = open;
    var inside = was.box.contains(document.activeElement);  /* the keyboard was in it: back to the call */
    open = null;
    was.box.remove();
    if (was.title !== null) was.link.setAttribute("title", was.title);
    was.link.removeAttribute("aria-describedby");
    if (was.pinned) was.link.setAttribute("aria-expanded", "false");
    if (inside) {  /* the focus back on the call, without its hover preview */
      quiet = was.link;
      was.link.focus();
      quiet = null;
    }
  }
  /* Show text beside link: pinned (a tap, a note call: with a close button and
   * a link to follow) or on hover (gone when the pointer leaves). */
  function show(link, text, href, label, pinned, kind) {
    close();
    var box = document.createElement("div");
    box.className = "cb-preview" + (kind ? " " + kind : "") + (pinned ? "" : " cb-preview--hover");
    box.setAttribute("role", pinned ? "dialog" : "tooltip");
    if (pinned) box.setAttribute("aria-label", link.getAttribute("aria-label") || link.textContent.trim() || label);
    var p;
    if (typeof text === "string") {
      p = document.createElement("p");
      p.textContent = text;
    } else {  /* a note: its own paragraphs, their references still links */
      p = document.createElement("div");
      p.className = "cb-preview-note";
      p.appendChild(text);
    }
    if (pinned) {
      var shut = document.createElement("button");
      shut.type = "button";
      shut.className = "cb-preview-close";
      shut.setAttribute("aria-label", CodeBridge.text("close"));
      shut.textContent = "×";
      shut.addEventListener("click", close);
      box.appendChild(shut);
    }
    box.appendChild(p);
    var go = document.createElement("a");
    go.href = href;
    go.className = "cb-preview-open";
    go.textContent = label + " →";
    box.appendChild(go);
    var rect = link.getBoundingClientRect();
    box.style.top = (window.scrollY + rect.bottom + 6) + "px";
    document.body.appendChild(box);
    if (window.innerWidth > 600) {  /* beside the link rather than across the page (and over its menu) */
      var width = box.offsetWidth;
      box.style.right = "auto";
      box.style.left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8)) + window.scrollX + "px";
    }
    /* above the link when the window has no room for it below (a link near
     * its bottom edge: the box fell out of sight) and has room above */
    var height = box.offsetHeight;
    if (rect.bottom + 6 + height > window.innerHeight && rect.top - 6 - height >= 0) box.style.top = (window.scrollY + rect.top - 6 - height) + "px";
    /* the link's own title would show as well: held while the box shows */
    var held = link.getAttribute("title");
    if (held !== null) link.removeAttribute("title");
    box.id = "cb-preview";
    link.setAttribute("aria-describedby", box.id);  /* what a screen reader says after the link's name */
    open = { link: link, box: box, title: held, pinned: pinned };
    if (pinned) {
      link.setAttribute("aria-expanded", "true");
      link.setAttribute("aria-controls", box.id);
      /* the keyboard goes through the box, then back to the text where it was */
      box.setAttribute("tabindex", "-1");
      box.addEventListener("keydown", function (event) {
        if (event.key !== "Tab") return;
        var stops = box.querySelectorAll("a[href], button");
        var edge = event.shiftKey ? (document.activeElement === box || document.activeElement === stops[0]) : document.activeElement === stops[stops.length - 1];
        if (edge) { event.preventDefault(); close(); }
      });
    } else {
      box.addEventListener("mouseenter", function () { window.clearTimeout(hoverTimer); });
      box.addEventListener("mouseleave", leave);
    }
    return box;
  }
  function leave() {
    window.clearTimeout(hoverTimer);
    if (open && !open.pinned) hoverTimer = window.setTimeout(close, 250);
  }
  CodeBridge.preview = { show: show, close: close, isOpen: function (link) { return !!open && open.link === link; } };

  /* What a link previews: [text or a note's copy, where it leads, the label of that link, a class of the box], or null. */
  function noteText(id) {
    var note = document.getElementById(id);
    if (!note) return null;
    var clone = note.cloneNode(true);
    each(".cb-note-back, .footnote-backref", function (n) { n.remove(); }, clone);
    each("p", function (n) { if (!n.textContent.trim()) n.remove(); }, clone);  /* the back link's own line */
    if (!clone.textContent.trim()) return null;
    each("[id]", function (n) { n.removeAttribute("id"); }, clone);  /* the page has them already */
    var copy = document.createDocumentFragment();
    while (clone.firstChild) copy.appendChild(clone.firstChild);
    return copy;
  }
  function previewOf(link) {
    if (link.matches("a.ref")) {
      var text = link.getAttribute("data-cb-preview") || link.getAttribute("title") || (open && open.link === link ? open.title : "");
      return text ? [text, link.href, CodeBridge.text("open")] : null;
    }
    var id = decodeURIComponent((link.getAttribute("href") || "").slice(1));
    var note = id && noteText(id);
    return note ? [note, "#" + id, CodeBridge.text("note_open"), "cb-note-preview"] : null;
  }
  var PREVIEWED = "a.ref, a.footnote-ref, .cb-call a[href^='#']";
  var coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

  each("a.ref[title]", function (a) { a.setAttribute("data-cb-preview", a.getAttribute("title")); });

  function hover(event) {
    var link = event.target.closest && event.target.closest(PREVIEWED);
    if (!link || coarse || link === quiet || (open && (open.link === link || open.box.contains(link)))) return;
    if (open && open.pinned) return;
    window.clearTimeout(hoverTimer);
    hoverTimer = window.setTimeout(function () {
      var what = previewOf(link);
      if (what) show(link, what[0], what[1], what[2], false, what[3]);
    }, event.type === "focusin" ? 0 : 150);
  }
  function unhover(event) {
    var link = event.target.closest && event.target.closest(PREVIEWED);
    if (!link) return;
    if (open && open.link === link) leave(); else window.clearTimeout(hoverTimer);
  }
  document.addEventListener("mouseover", hover);
  document.addEventListener("focusin", hover);
  document.addEventListener("mouseout", unhover);
  document.addEventListener("focusout", unhover);

  /* A tap on a reference (touch screen) or a click on a note call shows it
   * over the text; the box's link, or the same tap again, follows it. A
   * note call keeps the address on the provision. A link inside the box
   * (a reference in a note) is followed at once. */
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(PREVIEWED);
    if (!link) {
      if (open && !open.box.contains(event.target)) close();
      return;
    }
    var call = link.matches(".cb-call a");
    if ((!call && !(coarse && link.matches("a.ref"))) || (open && open.box.contains(link))) { close(); return; }
    if (open && open.link === link && open.pinned) {  /* the same tap again */
      close();
      if (call) event.preventDefault();
      return;
    }
    var what = previewOf(link);
    if (!what) return;
    event.preventDefault();
    event.stopPropagation();
    var box = show(link, what[0], what[1], what[2], true, what[3]);
    if (event.detail === 0) box.focus();  /* opened from the keyboard (Enter): read and followed from it */
  }, true);
})();
