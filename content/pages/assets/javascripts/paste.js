/* Code du bridge – "paste your text" (outils/): the text, never read as HTML,
 * split into paragraphs at blank lines and linked by autolink.js (loaded on
 * that page), shown and given back as HTML to paste. Loaded only by the page
 * that has the box (build.PAGE_SCRIPTS). */
(function () {
  "use strict";

  /* The snippets name the site's address; a site built without one holds a
   * placeholder there (tools.tools_page), which the page served writes as the
   * address it comes from (not from a file: that is no address to give). */
  if (/^https?:$/.test(location.protocol)) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-cb-site-placeholder]"), function (snippet) {
      var placeholder = CodeBridge.text("site_placeholder"), site = CodeBridge.root().href;
      var walker = document.createTreeWalker(snippet, NodeFilter.SHOW_TEXT), node;
      while ((node = walker.nextNode())) {
        if (node.nodeValue.indexOf(placeholder) >= 0) node.nodeValue = node.nodeValue.split(placeholder).join(site);
      }
      Array.prototype.forEach.call(snippet.querySelectorAll("pre > code"), CodeBridge.reachable);
    });
  }

  /* A copy opened from a file (no address of its own to give): the links of
   * the HTML to paste lead to the public site's placeholder, each page as the
   * public site writes it (lois/64/, not lois/64.html); the preview's lead
   * to this copy, to be checked. */
  var local = location.protocol === "file:" ? CodeBridge.root().href : null;
  var pasted = function (p) {
    if (!local) return p.outerHTML;
    var copy = p.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("a[href]"), function (a) {
      if (a.href.indexOf(local) !== 0) return;
      var rest = a.href.slice(local.length), hash = rest.indexOf("#");
      var path = (hash < 0 ? rest : rest.slice(0, hash)).replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "/");
      a.setAttribute("href", CodeBridge.text("site_placeholder") + path + (hash < 0 ? "" : rest.slice(hash)));
    });
    return copy.outerHTML;
  };

  var box = document.querySelector("[data-cb-autolink-box]");
  if (box) {
    var source = box.querySelector("#cb-al-text"), preview = box.querySelector("[data-cb-autolink-preview]");
    var html = box.querySelector("[data-cb-autolink-html]"), status = box.querySelector("[data-cb-autolink-status]");
    var linked = function () {
      preview.textContent = "";
      source.value.split(/\n\s*\n/).forEach(function (block) {
        if (!block.trim()) return;
        var p = document.createElement("p");
        block.trim().split("\n").forEach(function (line, i) {
          if (i) p.appendChild(document.createElement("br"));
          p.appendChild(document.createTextNode(line));
        });
        preview.appendChild(p);
      });
      if (window.CodeBridgeAutolink) window.CodeBridgeAutolink.linkify(preview);
      html.value = Array.prototype.map.call(preview.children, pasted).join("\n");
      /* from a file, the HTML names the placeholder: say what to put in its place */
      status.textContent = local && html.value.indexOf(CodeBridge.text("site_placeholder")) >= 0 ? CodeBridge.text("paste_placeholder").replace("{placeholder}", CodeBridge.text("site_placeholder")) : "";
    };
    source.addEventListener("input", linked);
    box.querySelector("[data-cb-autolink-copy]").addEventListener("click", function () {
      var done = function () { status.textContent = box.getAttribute("data-done"); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(html.value).then(done, function () { html.select(); });
      } else {
        html.select();
      }
    });
    if (source.value) linked();
  }

})();
