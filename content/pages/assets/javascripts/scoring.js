/* The calculators of Laws 77 and 78 (the revoke helper of Law 64 is revoke.js).
 *
 * The rules are not written here: window.CodeBridgeScoringData is generated
 * at build time from codebridge.scoring (scoring-data.js); this file only
 * applies that data, the same way scoring.py does, and shows the result as
 * the user types. The inputs go into the query string, so a result can be
 * shared by its URL (and is restored from it). No network.
 */
(function () {
  "use strict";

  var DATA = window.CodeBridgeScoringData, CALC = window.CodeBridgeCalc;
  var strings = CALC.strings, fill = CALC.fill, linkWarning = CALC.linkWarning, setParams = CALC.setParams;

  // -- arithmetic applying the data (mirrors scoring.py) ---------------------
  function trickPoints(level, strain, doubling) {
    var t = DATA.rules.trick[strain];
    return (t[0] + (level - 1) * t[1]) * DATA.rules.multiplier[doubling];
  }

  function score(level, strain, doubling, result, vulnerable) {
    var r = DATA.rules, v = vulnerable ? 1 : 0, parts = [];
    if (result < 0) {
      var schedule = r.undertrick[doubling][v], penalty = 0;
      for (var i = 0; i < -result; i++) penalty += schedule[Math.min(i, schedule.length - 1)];
      return { points: -penalty, parts: [["undertricks", -penalty, -result]] };
    }
    var tp = trickPoints(level, strain, doubling);
    parts.push(["trick_points", tp, 0]);
    if (result > 0) {
      var per = r.overtrick[doubling];
      var value = per === null ? r.trick[strain][1] : per[v];
      parts.push(["overtricks", value * result, result]);
    }
    if (tp >= r.game_threshold) parts.push(["game", r.game[v], 0]);
    else parts.push(["part_score", r.part_score, 0]);
    if (level === 6) parts.push(["small_slam", r.small_slam[v], 0]);
    else if (level === 7) parts.push(["grand_slam", r.grand_slam[v], 0]);
    if (r.made_doubled[doubling]) parts.push(["made_" + DATA.doubling_names[doubling], r.made_doubled[doubling], 0]);
    return { points: parts.reduce(function (s, p) { return s + p[1]; }, 0), parts: parts };
  }

  function imps(difference) {
    var size = Math.abs(difference), value = 0;
    DATA.imp_scale.forEach(function (row) { if (size >= row[0]) value = row[1]; });
    return difference >= 0 ? value : -value;
  }

  function matchpoints(own, field) {
    var m = DATA.matchpoints, points = 0;
    field.forEach(function (s) { if (s < own) points += m.beaten; else if (s === own) points += m.tie; });
    return { points: points, top: m.beaten * field.length };
  }

  function formatPercent(value) {
    return value.toFixed(2).replace(/\.?0+$/, "");
  }

  // Contracts in the commands' notation ("4S=", "3NTX-2", "3SA-1", "4♠+1":
  // patterns.CONTRACT), for the query string.
  var CONTRACT = DATA ? new RegExp("^(?:" + DATA.contract + ")$", "i") : null;
  var WHOLE = DATA ? new RegExp(DATA.whole) : null;  /* a whole number of points (patterns.WHOLE_NUMBER) */

  function parseContract(text) {
    var m = CONTRACT && CONTRACT.exec((text || "").trim());
    if (!m) return null;
    var g = m.groups, strain = g.strain.toUpperCase(), tricks = g.result ? 0 : parseInt(g.tricks, 10);
    if (!g.result && tricks === 0) return null;  /* "+0": made is "=" (scoring.parse_contract) */
    return {
      level: parseInt(g.level, 10), strain: DATA.strain_names[strain] || strain,
      doubling: g.doubling.toUpperCase(), result: g.result ? 0 : g.sign === "+" ? tricks : -tricks,
    };
  }

  function contractName(level, strain, doubling, result) {
    return level + strain + doubling + (result === 0 ? "=" : (result > 0 ? "+" : "") + result);
  }

  // -- page helpers ------------------------------------------------------------
  var lang = document.documentElement.lang === "en" ? "en" : "fr";
  /* "one" for 0 and 1 trick in French, for 1 in English */
  var ONE = new Intl.PluralRules(lang);

  function signed(n) {
    return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n);
  }

  function number(text) {
    var t = String(text).trim().replace(/\u2212/g, "-");
    return WHOLE.test(t) ? parseInt(t, 10) : null;
  }

  // What a field holds as typed: a number field the browser cannot read
  // ("12e", "--5") has an empty value, which is then no number, not an empty field
  function typed(input) {
    return input.validity && input.validity.badInput ? "?" : input.value;
  }

  // A minus sign pasted as "−" (U+2212, as the site prints scores): a number
  // field would drop it and flip the sign; it goes in as "-"
  function keepMinus(form) {
    form.addEventListener("paste", function (e) {
      var el = e.target, text = e.clipboardData ? e.clipboardData.getData("text") : "";
      if (!el || el.type !== "number" || text.indexOf("\u2212") < 0) return;
      e.preventDefault();
      el.value = text.replace(/\u2212/g, "-").trim();
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  function decimal(text) {
    return lang === "fr" ? text.replace(".", ",") : text;
  }

  function share(form, url, anchor) {
    var a = form.querySelector("a[data-share]");
    if (a) a.href = url + "#" + anchor;
  }

  function anchorOf(form) {
    var h = form.previousElementSibling;
    while (h && !/^H[1-6]$/.test(h.tagName)) h = h.previousElementSibling;
    return h && h.id ? h.id : "";
  }

  // -- the score calculator ----------------------------------------------------
  function initScore(form) {
    var s = strings(form);
    var level = form.elements.level, strain = form.elements.strain, vul = form.elements.vul;
    var result = form.elements.result, out = form.querySelector("output");

    function doubling() {
      var checked = form.querySelector("input[name=doubling]:checked");
      return checked ? checked.value : "";
    }

    function resultOptions(keep) {
      var n = parseInt(level.value, 10), html = [];
      for (var r = 13 - n - 6; r >= -(n + 6); r--) {
        var tricks = n + 6 + r, text;
        if (r === 0) text = fill(s["calc.result.made"], { tricks: tricks });
        else if (r > 0) text = fill(s["calc.result.over"], { n: r, tricks: tricks });
        else text = fill(s[ONE.select(tricks) === "one" ? "calc.result.down_one" : "calc.result.down"], { n: -r, tricks: tricks });
        var opt = document.createElement("option");
        opt.value = String(r);
        opt.textContent = text;
        html.push(opt);
      }
      result.textContent = "";
      html.forEach(function (o) { result.appendChild(o); });
      var wanted = Math.max(-(n + 6), Math.min(7 - n, keep));
      result.value = String(wanted);
    }

    function update() {
      var n = parseInt(level.value, 10), r = parseInt(result.value, 10), d = doubling();
      var got = score(n, strain.value, d, r, vul.checked);
      out.dataset.points = got.points;
      out.textContent = "";
      var colon = lang === "fr" ? "\u00a0: " : ": ";  // French: a no-break space before the colon, as in the strings
      var line = document.createElement("p");
      line.className = "cb-calc-total";
      var a = document.createElement("strong");
      a.textContent = s["calc.declarer"] + colon + signed(got.points);
      line.appendChild(a);
      line.appendChild(document.createTextNode(" · " + s["calc.defenders"] + colon + signed(-got.points)));
      out.appendChild(line);
      var list = document.createElement("ul");
      list.className = "cb-calc-parts";
      list.setAttribute("aria-label", s["calc.breakdown"]);
      got.parts.forEach(function (p) {
        var li = document.createElement("li");
        li.textContent = s["part." + p[0]] + (p[2] ? " (" + p[2] + ")" : "") + colon + signed(p[1]);
        list.appendChild(li);
      });
      out.appendChild(list);
      var url = setParams({ contract: contractName(n, strain.value, d, r), vul: vul.checked ? "1" : null });
      share(form, url, anchorOf(form));
    }

    // restore from the query string
    var params = new URLSearchParams(location.search);
    var asked = params.get("contract");
    // a "+" typed in a link reads as a space (?contract=4S+1): the overtricks it meant
    if (asked !== null) asked = asked.replace(/ (?=[0-9]{1,2}$)/, "+");
    var m = parseContract(asked);
    var keep = 0;
    if (m) {
      level.value = String(m.level);
      strain.value = m.strain;
      var radio = form.querySelector("input[name=doubling][value='" + m.doubling + "']");
      if (radio) radio.checked = true;
      keep = m.result;
    }
    // a link asking for what cannot be (8NT, 7NT+3, 4S-11) says so, rather than showing another contract as if asked
    var level0 = m ? m.level : 0;
    if (asked !== null && (!m || keep > 7 - level0 || keep < -(level0 + 6))) linkWarning(form, fill(s["calc.link_invalid"], { value: asked }));
    if (/^(?:1|true|yes|oui|on)$/i.test(params.get("vul") || "")) vul.checked = true;
    resultOptions(keep);
    level.addEventListener("change", function () { resultOptions(parseInt(result.value, 10)); update(); });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    update();
  }

  // every duplicate score is a multiple of 10: those read that are not
  function oddScores(values) { return values.filter(function (n) { return n !== null && n % 10 !== 0; }); }

  // -- the IMP calculator --------------------------------------------------------
  // "+1 IMP", "−1 IMP", "+2 IMPs": the singular's string where the language says one
  function impKey(key, n) { return ONE.select(Math.abs(n)) === "one" ? key + "_one" : key; }

  function initImp(form) {
    var s = strings(form);
    var diff = form.elements.diff, a = form.elements.a, b = form.elements.b;
    var out1 = form.querySelector("#cb-imp-out"), out2 = form.querySelector("#cb-imp-out2");

    // scores are multiples of 10, and so are their differences: the scale of
    // Law 78B has no step for 425 (370–420 is 9, 430–490 is 10)
    function update() {
      var d = number(typed(diff)), oddDiff = oddScores([d]).length > 0;
      out1.textContent = typed(diff).trim() === "" ? "" : d === null ? s["calc.invalid"] : oddDiff ? fill(s["calc.imp.not_difference"], { n: d })
        : fill(s[impKey("calc.imp.result", imps(d))], { imps: signed(imps(d)) });
      out1.dataset.imps = d === null || oddDiff ? "" : imps(d);
      var x = number(typed(a)), y = number(typed(b));
      var odd = oddScores([x, y]);
      if (typed(a).trim() === "" && typed(b).trim() === "") { out2.textContent = ""; out2.dataset.imps = ""; }
      else if (odd.length) { out2.textContent = fill(s["calc.mp.not_score"], { n: odd[0] }); out2.dataset.imps = ""; }
      else if (x === null || y === null) { out2.textContent = s["calc.invalid"]; out2.dataset.imps = ""; }
      else {
        out2.textContent = fill(s[impKey("calc.imp.result_two", imps(x - y))], { diff: signed(x - y), imps: signed(imps(x - y)) });
        out2.dataset.imps = imps(x - y);
        out2.dataset.diff = x - y;
      }
      share(form, setParams({ diff: d === null ? null : d, a: x === null ? null : x, b: y === null ? null : y }), anchorOf(form));
    }

    var params = new URLSearchParams(location.search);
    ["diff", "a", "b"].forEach(function (k) {
      var asked = params.get(k);
      if (asked === null) return;
      form.elements[k].value = asked.replace(/\u2212/g, "-");
      if (number(asked) === null) linkWarning(form, fill(s["calc.link_number"], { value: asked }));
    });
    keepMinus(form);
    form.addEventListener("input", update);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    update();
  }

  // -- the matchpoint calculator -------------------------------------------------
  function initMatchpoints(form) {
    var s = strings(form);
    var own = form.elements.mp, field = form.elements.field, out = form.querySelector("output");

    function update() {
      var x = number(typed(own));
      var words = field.value.split(/[\s,;]+/).filter(Boolean);
      var scores = words.map(number);
      // "1" and "430" are "1 430" or "1,430" split in two
      var odd = oddScores([x].concat(scores));
      out.dataset.points = "";
      var unread = words.filter(function (w, i) { return scores[i] === null; });
      if (typed(own).trim() === "" && !words.length) out.textContent = "";
      else if (odd.length) out.textContent = fill(s["calc.mp.not_score"], { n: odd[0] });
      // what is wrong, said: the word that is no score, or what is missing
      else if (unread.length) out.textContent = fill(s["calc.mp.not_number"], { value: unread[0] });
      else if (typed(own).trim() === "") out.textContent = s["calc.mp.need_own"];
      else if (x === null) out.textContent = s["calc.invalid"];
      else if (!scores.length) out.textContent = s["calc.mp.need_field"];
      else {
        var mp = matchpoints(x, scores);
        var percent = formatPercent(100 * mp.points / mp.top);
        out.textContent = fill(s["calc.mp.result"], { points: mp.points, top: mp.top, percent: decimal(percent) });
        out.dataset.points = mp.points;
        out.dataset.top = mp.top;
        out.dataset.percent = percent;
      }
      share(form, setParams({ mp: x === null ? null : x, field: scores.indexOf(null) < 0 && scores.length ? scores.join(",") : null }), anchorOf(form));
    }

    var params = new URLSearchParams(location.search);
    var asked = [params.get("mp")].concat(params.get("field") === null ? [] : params.get("field").split(","));
    if (params.get("mp") !== null) own.value = params.get("mp").replace(/\u2212/g, "-");
    if (params.get("field") !== null) field.value = params.get("field").split(",").join(" ");
    asked.forEach(function (v) {
      if (v !== null && number(v) === null) linkWarning(form, fill(s["calc.link_number"], { value: v }));
    });
    keepMinus(form);
    form.addEventListener("input", update);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    update();
  }

  window.CodeBridgeScoring = { score: score, imps: imps, matchpoints: matchpoints, formatPercent: formatPercent };

  if (!DATA) return;
  CALC.start("form.cb-calc[data-calc]", function (form) {
    var kind = form.dataset.calc;
    if (kind === "score") initScore(form);
    else if (kind === "imp") initImp(form);
    else if (kind === "mp") initMatchpoints(form);
  });
})();
