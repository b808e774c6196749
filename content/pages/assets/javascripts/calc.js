/* What the calculators of Laws 77 and 78 (scoring.js) and the revoke
 * helper of Law 64 (revoke.js) share: their strings, the warning of a link
 * that asked what cannot be, the query string that keeps what was entered,
 * and the start of each form. A page loads this file before either
 * (build.PAGE_SCRIPTS); a page with both kinds of form lists it twice, and
 * the second does nothing.
 */
(function () {
  "use strict";

  if (window.CodeBridgeCalc) return;

  function strings(form) {
    var el = form.querySelector("script.cb-calc-strings");
    return el ? JSON.parse(el.textContent) : {};
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }

  /* What a calculator's link asked and could not be: said above the form
     (a link typed by hand: ?contract=8NT, ?diff=abc), never silently dropped. */
  function linkWarning(form, text) {
    var warning = document.createElement("p");
    warning.className = "cb-calc-warning";
    warning.setAttribute("role", "status");
    warning.textContent = text;
    form.insertBefore(warning, form.firstChild);
  }

  /* Opening a page leaves its address as it came (a link copied from the bar
   * is the law's, not a calculation nobody made); what the reader then enters
   * goes into it, to be shared. */
  var restoring = false;

  /* The address keeps every tool's inputs (the language switch carries
   * them); the link a tool shares, only its own (the matchpoint link is not
   * the IMP calculator's too). */
  function setParams(values) {
    var params = new URLSearchParams(location.search), own = new URLSearchParams();
    Object.keys(values).forEach(function (k) {
      if (values[k] === null || values[k] === "") params.delete(k);
      else { params.set(k, values[k]); own.set(k, values[k]); }
    });
    var query = params.toString(), mine = own.toString();
    var url = location.pathname + (query ? "?" + query : "") + location.hash;
    if (!restoring) {
      try { history.replaceState(history.state, "", url); } catch (e) { /* file:// may refuse */ }
    }
    return location.href.split("?")[0].split("#")[0] + (mine ? "?" + mine : "");
  }

  /* Each form of the page that ``selector`` finds, started once by ``init``
   * (its inputs restored from the query string, which is left as it came). */
  function start(selector, init) {
    function run() {
      Array.prototype.forEach.call(document.querySelectorAll(selector), function (form) {
        if (form.dataset.ready) return;
        form.dataset.ready = "1";
        restoring = true;
        try {
          init(form);
        } finally {
          restoring = false;
        }
      });
    }
    // Material's instant navigation swaps pages without reloading scripts.
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(run);
    else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
    else run();
  }

  window.CodeBridgeCalc = { strings: strings, fill: fill, linkWarning: linkWarning, setParams: setParams, start: start };
})();
