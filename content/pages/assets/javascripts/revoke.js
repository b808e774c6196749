/* The revoke helper of Law 64: the questions of the decision tree
 * scoring.REVOKE_TREE, as window.CodeBridgeScoringData.revoke holds it
 * (scoring-data.js, generated at build time), one after the other; the
 * answers go into the query string (?renonce=yes,none,yes,yes), so that a
 * ruling's path can be shared by its URL. No network.
 */
(function () {
  "use strict";

  var DATA = window.CodeBridgeScoringData, CALC = window.CodeBridgeCalc;
  var strings = CALC.strings, fill = CALC.fill, linkWarning = CALC.linkWarning, setParams = CALC.setParams;

  function walk(answers) {
    var tree = DATA.revoke, node = tree.start, path = [], exception = null;
    while (tree.questions[node]) {
      var answer = answers[node];
      if (answer === undefined || !(answer in tree.questions[node].answers)) return { path: path, open: node };
      if (/^\d/.test(answer)) exception = answer;
      path.push([node, answer]);
      node = tree.questions[node].answers[answer];
    }
    var outcome = tree.outcomes[node];
    return {
      path: path,
      outcome: node,
      tricks: outcome.tricks,
      equity: outcome.equity.concat(tree.equity_for[exception] || []),
      exception: exception,
    };
  }

  function initRevoke(form) {
    function answers() {
      var out = {};
      Array.prototype.forEach.call(form.querySelectorAll("input[type=radio]:checked"), function (r) { out[r.name] = r.value; });
      return out;
    }

    function update() {
      var a = answers(), w = walk(a), shown = {};
      w.path.forEach(function (p) { shown[p[0]] = true; });
      if (w.open) shown[w.open] = true;
      Array.prototype.forEach.call(form.querySelectorAll("fieldset[data-node]"), function (f) {
        var on = !!shown[f.dataset.node];
        f.hidden = !on;
        if (!on) Array.prototype.forEach.call(f.querySelectorAll("input"), function (i) { i.checked = false; });
      });
      Array.prototype.forEach.call(form.querySelectorAll("[data-outcome]"), function (o) {
        o.hidden = o.dataset.outcome !== w.outcome;
      });
      Array.prototype.forEach.call(form.querySelectorAll("[data-for]"), function (q) {
        q.hidden = q.dataset.for !== w.exception;
      });
      var equity = form.querySelector(".cb-rv-equity");
      equity.hidden = !w.outcome || !w.equity.length;
      Array.prototype.forEach.call(equity.querySelectorAll("[data-cite]"), function (q) {
        q.hidden = (w.equity || []).indexOf(q.dataset.cite) < 0;
      });
      form.dataset.result = w.outcome || "";
      var params = {};
      params.renonce = w.path.map(function (p) { return p[1]; }).join(",") || null;
      setParams(params);
    }

    // restore the answers from the query string (?renonce=yes,none,yes,yes)
    var given = (new URLSearchParams(location.search).get("renonce") || "").split(",").filter(Boolean);
    var node = DATA.revoke.start, stopped = false;
    given.forEach(function (answer) {
      var q = DATA.revoke.questions[node];
      if (stopped) return;
      if (!q || !(answer in q.answers)) {  // a link typed by hand: said, not dropped
        stopped = true;
        linkWarning(form, fill(strings(form)["calc.link_revoke"], { value: answer }));
        return;
      }
      var input = form.querySelector("input[name='" + node + "'][value='" + answer + "']");
      if (input) input.checked = true;
      node = q.answers[answer];
    });
    // what an answer brings up comes on screen (on a phone, below the fold)
    function reveal() {
      var w = walk(answers()), next = form.querySelector(w.open ? "[data-node='" + w.open + "']" : "[data-outcome='" + w.outcome + "']");
      var box = next && next.getBoundingClientRect();
      if (box && (box.bottom > innerHeight || box.top < 0)) next.scrollIntoView();
    }
    form.addEventListener("change", function () { update(); reveal(); });
    form.addEventListener("reset", function () { setTimeout(update, 0); });
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    update();
  }

  window.CodeBridgeRevoke = { walk: walk };

  if (DATA) CALC.start("form[data-revoke]", initRevoke);
})();
