/* Code du bridge – page behaviour: copy controls on provisions, reference
 * previews on touch screens. No dependency; works from file:// as well. */
(function () {
  "use strict";

  var FR = document.documentElement.lang !== "en";
  var TEXT = FR
    ? { copied: "Copié : ", open: "Ouvrir", close: "Fermer" }
    : { copied: "Copied: ", open: "Open", close: "Close" };

  /* The site root, from Material's configuration block. */
  function siteRoot() {
    var el = document.getElementById("__config");
    var base = ".";
    try { base = JSON.parse(el.textContent).base || "."; } catch (e) { /* keep "." */ }
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  /* The short link of a provision: r/<anchor>/ at the site's public address
   * when it has one (also from the offline copy), else where the page is
   * (index.html when offline). */
  function shortLink(anchor) {
    var pub = document.querySelector('meta[name="codebridge:public"]');
    if (pub && pub.content) return new URL("r/" + anchor + "/", pub.content).href;
    var url = new URL("r/" + anchor + "/", siteRoot());
    if (location.protocol === "file:") url = new URL("index.html", url);
    return url.href;
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
    note.textContent = TEXT.copied + text;
    /* a toast fixed inside the screen: beside the button it would overflow a phone */
    document.querySelectorAll(".cb-copied").forEach(function (n) { n.remove(); });
    document.body.appendChild(note);
    setTimeout(function () { note.remove(); }, 2500);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.cb-copy");
    if (!button) return;
    var tools = button.closest(".cb-tools");
    var link = shortLink(tools.getAttribute("data-anchor"));
    var text = button.getAttribute("data-copy") === "cite"
      ? tools.getAttribute("data-cite") + " — " + link
      : link;
    copy(text).then(function () { flash(button, text); });
  });

  /* On a touch screen, the first tap on a reference shows its preview; the
   * preview's link (or a second tap) follows it. */
  var coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  var open = null;

  function closePreview() {
    if (open) { open.box.remove(); open = null; }
  }

  function showPreview(link) {
    closePreview();
    var box = document.createElement("div");
    box.className = "cb-preview";
    box.setAttribute("role", "dialog");
    var text = document.createElement("p");
    text.textContent = link.getAttribute("data-cb-preview") || link.title;
    var go = document.createElement("a");
    go.href = link.href;
    go.className = "cb-preview-open";
    go.textContent = TEXT.open + " →";
    var shut = document.createElement("button");
    shut.type = "button";
    shut.className = "cb-preview-close";
    shut.setAttribute("aria-label", TEXT.close);
    shut.textContent = "×";
    shut.addEventListener("click", closePreview);
    box.appendChild(shut);
    box.appendChild(text);
    box.appendChild(go);
    var rect = link.getBoundingClientRect();
    box.style.top = (window.scrollY + rect.bottom + 6) + "px";
    document.body.appendChild(box);
    open = { link: link, box: box };
  }

  /* Material turns titles into its own tooltips; keep the text for previews. */
  document.querySelectorAll("a.ref[title]").forEach(function (a) {
    a.setAttribute("data-cb-preview", a.title);
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.ref");
    if (!link) {
      if (open && !open.box.contains(event.target)) closePreview();
      return;
    }
    if (!coarse) return;
    if (open && open.link === link) { closePreview(); return; } /* second tap follows */
    event.preventDefault();
    showPreview(link);
  }, true);
})();

/* The language switch keeps the page and the provision: the header's language
 * menu is pointed at the same page in the other language, and every switch
 * carries the current #anchor. */
(function () {
  "use strict";
  var el = document.getElementById("__config");
  var base = ".";
  try { base = JSON.parse(el.textContent).base || "."; } catch (e) { /* keep "." */ }
  var root = new URL(base.replace(/\/?$/, "/"), location.href);
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
    }
  });
  /* every switch carries the current #anchor, kept up to date as it changes */
  function carryHash() {
    document.querySelectorAll("a[data-lang-switch]").forEach(function (a) {
      a.href = a.href.split("#")[0] + location.hash;
    });
  }
  carryHash();
  window.addEventListener("hashchange", carryHash);
  /* Material redirects a click into the other language through its sitemap,
   * which a site without a fixed address does not have: it would land on the
   * language's home page. Our switches already point at the right page. */
  document.addEventListener("click", function (event) {
    var a = event.target.closest && event.target.closest("a[data-lang-switch]");
    if (a) event.stopPropagation();
  }, true);
})();
