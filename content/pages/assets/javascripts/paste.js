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
      html.value = Array.prototype.map.call(preview.children, function (p) { return p.outerHTML; }).join("\n");
      status.textContent = "";
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
