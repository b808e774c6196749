/*
 * Search the code as people type it, online or from file://.
 *
 * The index (search/index.js, made by codebridge.searchdata) assigns
 * window.codebridgeSearchIndex; it is loaded with a <script> on first use,
 * because fetch() cannot read files from file://. The documents' texts,
 * which only the snippets read, are in small files beside it (one per page
 * of the site, searchdata.TEXTS), each calling window.codebridgeSearchTexts:
 * they load, the same way, for the results shown. The page does no
 * linguistics of its own: it cuts words with the analyzer's regex, folds
 * accents, looks the forms up, and ranks as SearchIndex.search does in
 * scripts/codebridge/index.py (keep the two in step).
 */
(function () {
  "use strict";

  var dialog = document.querySelector("[data-cb-search]");
  if (!dialog || !dialog.showModal) return;
  var input = dialog.querySelector("input[type=search]");
  var list = dialog.querySelector("[data-search-results]");
  var status = dialog.querySelector("[data-cb-search-status]");
  var helpBox = dialog.querySelector("[data-cb-search-help]");
  var more = dialog.querySelector("[data-cb-search-more]");
  var termBox = dialog.querySelector("[data-cb-search-term]");
  var opener = document.querySelector("[data-cb-search-open]");
  var strings = JSON.parse(dialog.getAttribute("data-strings"));
  var base = dialog.getAttribute("data-base").replace(/\/$/, "");
  var LIMIT = 20;
  var ix = null;
  var waiting = [];
  var selected = -1;

  // ---------------------------------------------------------------- index

  function load(then) {
    if (ix) return then();
    waiting.push(then);
    if (waiting.length > 1) return;
    status.textContent = strings.loading;
    var script = document.createElement("script");
    script.src = dialog.getAttribute("data-index");
    script.onload = function () {
      ix = prepare(window.codebridgeSearchIndex);
      waiting.splice(0).forEach(function (f) { f(); });
    };
    script.onerror = function () { status.textContent = strings.error; };
    document.head.appendChild(script);
  }

  // The situations' vocabulary: the text's forms and the words their
  // phrasings add, merged in one sorted list (SearchIndex.situation_forms).
  function merged(forms, formStems, more, moreStems) {
    var order = [];
    forms.forEach(function (f, i) { order.push([f, formStems[i]]); });
    more.forEach(function (f, i) { order.push([f, moreStems[i]]); });
    order.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
    return { forms: order.map(function (p) { return p[0]; }), formStems: order.map(function (p) { return p[1]; }) };
  }

  function split(words) { return words ? words.split(" ") : []; }

  // searchdata.packed: the numbers of a list as one string, each number's
  // last digit from the first half of the digits, those before it from the second
  function unpacker(digits) {
    var half = digits.length / 2, value = {};
    for (var k = 0; k < digits.length; k++) value[digits[k]] = k;
    return function (text) {
      var out = [], n = 0;
      for (var i = 0; i < text.length; i++) {
        var v = value[text[i]];
        if (v >= half) n = n * half + v - half;
        else { out.push(n * half + v); n = 0; }
      }
      return out;
    };
  }

  function prepare(raw) {
    var forms = raw.forms.split(" "), told = raw.situations, unpack = unpacker(raw.packDigits);
    var formStems = unpack(raw.formStems);
    // the other language's words, read where this language's read nothing
    // (SearchIndex.other_forms, situation_other_forms)
    var other = { forms: split(raw.other.forms), formStems: unpack(raw.other.formStems) };
    var situationVocabulary = merged(forms, formStems, split(told.forms), unpack(told.formStems));
    situationVocabulary.other = merged(other.forms, other.formStems, split(told.otherForms), unpack(told.otherStems));
    // searchdata._deltas: each stem as the distance from the one before, then its weight
    var idf = new Map(), top = 0, stem = 0, weights = unpack(told.idf);
    for (var k = 0; k < weights.length; k += 2) {
      stem += weights[k];
      idf.set(stem, weights[k + 1] / 1000);
      top = Math.max(top, weights[k + 1] / 1000);
    }
    // searchdata._runs: a situation's number, then the stems of each of its phrases (packed)
    var phrases = [];
    told.phrases.forEach(function (run) {
      for (var k = 1; k < run.length; k++) phrases.push([run[0], unpack(run[k])]);
    });
    var out = {
      forms: forms,
      formStems: formStems,
      other: other,
      situationVocabulary: situationVocabulary,
      phrases: phrases,
      classes: new Map(told.classes),
      idf: idf,
      topIdf: top,
      situations: told.list.map(function (s) { return { id: s[0], title: s[1], docs: s[2] }; }),
      bags: told.list.map(function () { return new Set(); }),
      situationLabel: told.label,
      names: raw.names,
      postings: raw.postings.map(unpack),
      synonyms: raw.synonyms.map(function (group) { return group.map(unpack); }),
      texts: raw.texts,
      textFiles: [],
      docs: raw.docs.map(function (d) {
        return {
          url: d[0], citation: d[1], heading: d[2] || d[3], title: d[3], file: d[4], key: d[5], law: d[6],
          // its anchor (Document.key): a law's page has none but its number
          anchor: d[0].indexOf("#") >= 0 ? d[0].slice(d[0].indexOf("#") + 1) : d[6],
          secondary: d[7] >= 1, tool: d[7] === 2, lawText: d[8] >= 1, lawPage: d[8] === 2
        };
      }),
      stop: new Set(raw.stop.split(" ")),
      otherStop: new Set(split(raw.other.stop)),
      otherTitles: new Map(raw.other.titles),
      sic: sicMarks(raw.sic),
      fold: window.CodeBridge.folding(raw.fold),
      otherLabel: raw.other.label,
      otherLang: raw.other.lang,
      marked: new Set(),
      otherElision: new RegExp(raw.patterns.otherElision),
      keep: new Set(raw.keep.split(" ")),
      numbers: new Map(Object.entries(raw.numbers)),
      verbs: new Map(Object.entries(raw.verbs.forms)),
      cues: new Set(raw.verbs.cues.split(" ")),
      determined: new Map(Object.entries(raw.determined.forms)),
      determiners: new Set(raw.determined.determiners.split(" ").filter(Boolean)),
      participle: raw.verbs.endings,
      token: new RegExp(raw.patterns.token, "g"),
      elision: new RegExp(raw.patterns.elision),
      citation: new RegExp(raw.patterns.citation),
      noteQuery: new RegExp(raw.patterns.noteQuery),
      lawRange: new RegExp(raw.patterns.lawRange),
      citationAmid: new RegExp(raw.patterns.citationAmid, "i"),
      labelAmid: new RegExp(raw.patterns.labelAmid),
      bareNumber: new RegExp(raw.patterns.bareNumber),
      labelKey: new RegExp(raw.patterns.labelKey),
      citedLaw: new RegExp(raw.patterns.citedLaw),
      ranking: raw.ranking,
      inflections: raw.inflections,
      adverbs: raw.adverbs,
      doubledFeminine: raw.doubledFeminine,
      verbEndings: raw.verbEndings,
      cards: { ranks: new Set(raw.cards.ranks), suits: new Set(raw.cards.suits), between: raw.cards.between, card: raw.cards.card },
      scores: new Map(),
      titles: new Map(),
      // their definitions in a file beside the index (searchdata.TERMS), loaded when a term is shown
      terms: raw.terms.list.map(function (t) { return { id: t[0], name: t[1], docs: t[2] }; }),
      termsFile: { path: raw.terms.file, state: null },
      termForms: new Map(raw.terms.forms.map(function (f) { return [f[0].join(" "), f[1]]; })),
      termSaid: raw.terms.said
    };
    // each file of texts: its documents, in order (searchdata.text_files)
    out.docs.forEach(function (d, n) {
      if (d.file === null) return;
      (out.textFiles[d.file] = out.textFiles[d.file] || { docs: [], state: null }).docs.push(n);
    });
    // the other language's stems (index.OTHER_MARK)
    raw.stems.split(" ").forEach(function (s, i) { if (s.indexOf(raw.other.mark) === 0) out.marked.add(i); });
    out.phrases.forEach(function (p) { p[1].forEach(function (s) { out.bags[p[0]].add(s); }); });
    // each phrasing's stems as a set, and how much they weigh together
    out.phraseSets = out.phrases.map(function (p) { return new Set(p[1]); });
    // each situation's title: its first phrase (SearchIndex.situation_titles)
    out.titleSets = out.bags.map(function () { return new Set(); });
    for (var k = out.phrases.length - 1; k >= 0; k--) out.titleSets[out.phrases[k][0]] = out.phraseSets[k];
    out.phraseOwn = out.phrases.map(function (p) {
      var own = 0;
      p[1].forEach(function (s) { own += idf.get(s); });
      return own;
    });
    return out;
  }

  // ---------------------------------------------------------------- words

  // analysis.fold, with the index's table (publish.js folds "go to law" with it too)
  function fold(text) {
    return ix.fold(text);
  }

  // The searchable words of a text: folded form, start and end (analysis.surface_forms).
  // An abbreviation of the glossary typed in capitals ("SA", "X") is kept
  // even when it folds to a stop word or a single letter.
  function words(text) {
    var out = [], m, previous = null;
    ix.token.lastIndex = 0;
    while ((m = ix.token.exec(text))) {
      var form = fold(m[0]).replace(ix.elision, ""), keep = ix.keep.has(m[0]);
      // a noun that is also a verb form is the verb after a pronoun or with
      // the participle's accent: "m'a donné" (analysis.verb_reading)
      var typed = m[0].toLowerCase().replace(/[’‘]/g, "'").replace(ix.elision, "");
      if (ix.verbs.has(form) && (ix.participle.some(function (e) { return typed.slice(-e.length) === e; }) || (previous !== null && ix.cues.has(previous)))) form = ix.verbs.get(form);
      // the table's shorthand after a determiner it cannot follow as a word: « mon part » (analysis.AFTER_DETERMINER)
      if (previous !== null && ix.determiners.has(previous) && ix.determined.has(form)) form = ix.determined.get(form);
      previous = typed;
      if (ix.numbers.has(form)) form = ix.numbers.get(form);  // "8" is "huit" (analysis.numbers)
      if (keep || (form.length >= 2 && !ix.stop.has(form))) {
        out.push({ form: form, start: m.index, end: m.index + m[0].length, keep: keep });
      }
    }
    return out;
  }

  // A vocabulary is {forms (sorted), formStems}: the text's (ix) or the
  // situations' (ix.situationVocabulary).
  function lowerBound(word, vocab) {
    var forms = (vocab || ix).forms, lo = 0, hi = forms.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (forms[mid] < word) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  function stemOf(form, vocab) {
    vocab = vocab || ix;
    var i = lowerBound(form, vocab);
    return vocab.forms[i] === form ? vocab.formStems[i] : -1;
  }

  // Document number → score of a stem (the postings hold gaps and hundredths).
  function scores(stem) {
    var table = ix.scores.get(stem);
    if (!table) {
      var flat = ix.postings[stem], doc = 0;
      table = new Map();
      for (var i = 0; i < flat.length; i += 2) {
        doc += flat[i];
        table.set(doc, flat[i + 1] / 100);
      }
      ix.scores.set(stem, table);
    }
    return table;
  }

  // ---------------------------------------------------------------- queries

  function completions(word, vocab) {
    var forms = vocab.forms, found = [];
    for (var i = lowerBound(word, vocab); i < forms.length && forms[i].indexOf(word) === 0; i++) found.push(i);
    found.sort(function (a, b) { return forms[a].length - forms[b].length || a - b; });
    var out = [];
    for (var j = 0; j < found.length && out.length < ix.ranking.max_prefix; j++) {
      var stem = vocab.formStems[found[j]];
      if (out.indexOf(stem) < 0) out.push(stem);
    }
    return out;
  }

  // Letters added, dropped, changed or two neighbours swapped (index.edit_distance).
  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var before = null, prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var cur = [i], low = i;
      for (j = 1; j <= b.length; j++) {
        var d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
        cur.push(d);
        low = Math.min(low, d);
      }
      if (low > limit) return limit + 1;
      before = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  // Stems of the forms one or two edits away from an unknown word (a typo);
  // six or seven letters with nothing one edit away get a second edit
  // (SearchIndex._near).
  function within(word, limit, vocab) {
    var found = [], byLength = lengths(vocab);
    // only the forms whose length is within reach, in vocabulary order
    var reach = [];
    for (var n = Math.max(0, word.length - limit); n <= word.length + limit; n++) {
      if (byLength[n]) reach = reach.concat(byLength[n]);
    }
    reach.sort(function (a, b) { return a - b; });
    reach.forEach(function (i) {
      if (vocab.forms[i].charAt(0) !== word.charAt(0)) return;  // a typo keeps the first letter (_near)
      var d = editDistance(word, vocab.forms[i], limit);
      if (d <= limit) found.push([d, i]);
    });
    return found;
  }

  // A vocabulary's form numbers by length, made on first use.
  function lengths(vocab) {
    if (!vocab.byLength) {
      vocab.byLength = [];
      vocab.forms.forEach(function (form, i) {
        (vocab.byLength[form.length] = vocab.byLength[form.length] || []).push(i);
      });
    }
    return vocab.byLength;
  }

  // The stems of the forms sharing the root of an unknown word: the word
  // less one to three final letters, keeping root_min (SearchIndex._roots).
  function roots(word, vocab) {
    for (var cut = 1; cut <= 3; cut++) {
      var root = word.slice(0, -cut);
      if (root.length < ix.ranking.root_min) break;
      var found = completions(root, vocab);
      if (found.length) {
        return found.slice(0, ix.ranking.max_fuzzy).map(function (s) { return { stems: [s], weight: ix.ranking.root }; });
      }
    }
    return [];
  }

  // Whether form is word with one of its letters doubled (doubled_once).
  function doubledOnce(word, form) {
    if (form.length !== word.length + 1) return false;
    for (var i = 0; i < word.length; i++) {
      if (form[i] === form[i + 1] && form.slice(0, i) + form.slice(i + 1) === word) return true;
    }
    return false;
  }

  // Whether word and form differ by one final letter of a plural or a
  // feminine (inflected_once, analysis.INFLECTION_ENDINGS).
  function inflectedOnce(word, form) {
    var short = word.length <= form.length ? word : form, long = short === word ? form : word;
    return long.length === short.length + 1 && long.slice(0, -1) === short && ix.inflections.indexOf(long[long.length - 1]) >= 0;
  }

  function near(word, vocab) {
    var limit = /[0-9]/.test(word) || word.length < 4 ? 0 : word.length < 8 ? 1 : 2;  // a number is not a typo (fuzzy_limit)
    if (!limit) return [];
    var found = within(word, limit, vocab);
    if (!found.length) {
      var rooted = roots(word, vocab);
      if (rooted.length) return rooted;
    }
    if (!found.length && limit === 1 && word.length >= 6) found = within(word, 2, vocab);
    // a plural or feminine of a known form is no typo: « plis » is « pli », not also « pris »
    var inflected = found.filter(function (f) { return f[0] === 1 && inflectedOnce(word, vocab.forms[f[1]]); });
    // a doubled letter typed once is the likeliest typo: "dumy" is "dummy", not also "duty" (doubled_once)
    var doubled = found.filter(function (f) { return f[0] === 1 && doubledOnce(word, vocab.forms[f[1]]); });
    if (inflected.length) found = inflected;
    else if (doubled.length) found = doubled;
    var weight = inflected.length ? ix.ranking.inflection : ix.ranking.fuzzy1;
    found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var out = [], seen = new Set();
    found.forEach(function (f) {
      var stem = vocab.formStems[f[1]];
      // only the nearest: "asistant" is "assistant", not also "existant"
      if (f[0] > found[0][0] || seen.has(stem) || out.length >= ix.ranking.max_fuzzy) return;
      seen.add(stem);
      out.push({ stems: [stem], weight: f[0] === 1 ? weight : ix.ranking.fuzzy2, form: vocab.forms[f[1]] });
    });
    return out;
  }

  // The stem of an unknown adverb's adjective, of an unknown feminine's
  // masculine, or of an unknown participle's verb, if the vocabulary holds
  // it (SearchIndex._base_form): « lentement » as « lent », « grosse » as
  // « gros », "tanked" as "tank".
  function baseStem(word, vocab) {
    var s = adverbStem(word, vocab);
    if (s < 0) s = masculineStem(word, vocab);
    return s >= 0 ? s : verbStem(word, vocab);
  }

  // analysis.verb_base: the first of the verb's forms the vocabulary holds
  function verbStem(word, vocab) {
    for (var k = 0; k < ix.verbEndings.length; k++) {
      var end = ix.verbEndings[k][0], made = ix.verbEndings[k][1];
      var body = word.slice(0, -end.length);
      if (word.slice(-end.length) !== end || body.length < 3) continue;
      var s = stemOf(body + made, vocab);
      if (s >= 0) return s;
      var n = body.length;
      if (!made && n >= 4 && body[n - 1] === body[n - 2] && "aeiouy".indexOf(body[n - 1]) < 0) {
        s = stemOf(body.slice(0, -1), vocab);
        if (s >= 0) return s;
      }
    }
    return -1;
  }

  // analysis.adjective
  function adverbStem(word, vocab) {
    for (var k = 0; k < ix.adverbs.length; k++) {
      var end = ix.adverbs[k][0];
      if (word.length < end.length || word.slice(-end.length) !== end) continue;
      var base = word.slice(0, -end.length) + ix.adverbs[k][1];
      if (base.length < 3) return -1;
      var s = stemOf(base, vocab);
      if (s < 0 && ix.inflections.indexOf(base[base.length - 1]) >= 0) s = stemOf(base.slice(0, -1), vocab);
      return s;
    }
    return -1;
  }

  // analysis.masculine: « grosse », « grosses » → « gros »
  function masculineStem(word, vocab) {
    var body = word.slice(-2) === "es" ? word.slice(0, -1) : word, n = body.length;
    if (n >= 5 && body[n - 1] === "e" && body[n - 2] === body[n - 3] && ix.doubledFeminine.indexOf(body[n - 2]) >= 0) return stemOf(body.slice(0, -2), vocab);
    return -1;
  }

  // What may stand for one word of a query (SearchIndex.clauses, before
  // the glossary): its stem, the stems it may begin, a typo's corrections.
  // Kept per word, vocabulary and typing state: a keystroke changes one word.
  function readings(word, beingTyped, vocab) {
    var cache = vocab.readings || (vocab.readings = new Map());
    var key = (beingTyped ? "1" : "0") + word, alts = cache.get(key);
    if (alts) return alts;
    alts = [];
    var exact = stemOf(word, vocab);
    if (exact < 0) exact = baseStem(word, vocab);  // an adverb the texts hold as its adjective, a feminine as its masculine
    if (exact >= 0) alts.push({ stems: [exact], weight: 1 });
    // the word being typed, or one the corpus lacks as such, may begin a longer word
    if (beingTyped || exact < 0) {
      var weight = exact >= 0 ? ix.ranking.prefix_word : ix.ranking.prefix;  // a whole word already: less likely to go on
      completions(word, vocab).forEach(function (s) {
        if (s !== exact) alts.push({ stems: [s], weight: weight });
      });
    }
    // an unknown word, unless it is being typed and begins some, may be a typo
    if (exact < 0 && !(beingTyped && alts.length)) {
      var have = new Map(alts.map(function (a, k) { return [a.stems[0], k]; }));
      near(word, vocab).forEach(function (a) {
        var k = have.get(a.stems[0]);
        if (k === undefined) alts.push(a);
        else if (a.weight > alts[k].weight) alts[k] = a;  // « sortie », begun by « sorties », is as surely « sorti » inflected
      });
    }
    // a word this language does not read, or whose reading no document
    // holds, may be the other language's: "insufficient" on the French site
    // (as it is only, when this language reads it as the beginning of a longer word)
    var reads = readsAs(word);
    var otherWord = otherForm(word), other = reads !== "whole" ? stemOf(otherWord, vocab.other) : -1;
    if (other < 0 && !reads && otherWord.length >= ix.ranking.root_min) {  /* a form the other language only has inflected: « annonce », « annonces » */
      var begun = completions(otherWord, vocab.other);
      if (!begun.length) begun = roots(otherWord, vocab.other).map(function (a) { return a.stems[0]; });
      if (begun.length) other = begun[0];
    }
    if (other >= 0) alts.push({ stems: [other], weight: vocab === ix ? ix.ranking.other : ix.ranking.other_situation, other: true });
    if (cache.size > 4000) cache.clear();
    cache.set(key, alts);
    return alts;
  }

  // How this language reads a word in some document: "whole", "begun"
  // (the beginning of a longer word) or "" (SearchIndex._reads).
  function readsAs(word) {
    var own = stemOf(word);
    if (own >= 0 && ix.postings[own].length) return "whole";
    return completions(word, ix).some(function (s) { return ix.postings[s].length > 0; }) ? "begun" : "";
  }

  // Whether a form some document holds begins with the word and is at most
  // a quarter longer: "comment" of "comments" (SearchIndex._inflected).
  function inflected(word) {
    for (var i = lowerBound(word); i < ix.forms.length && ix.forms[i].indexOf(word) === 0; i++) {
      if (ix.forms[i].length <= Math.floor(word.length * 5 / 4) && ix.postings[ix.formStems[i]].length) return true;
    }
    return false;
  }

  // A word as the other language reads it: its elision or possessive off
  // (« l'arbitre » on the English site is « arbitre »: analysis.unelided).
  function otherForm(word) { return word.replace(ix.otherElision, ""); }

  // A rank before a suit is a card (« le 7 de pique »), no number (analysis.card_rank_read).
  function cardRanks(text, found) {
    var c = ix.cards;
    return found.map(function (w, i) {
      var next = found[i + 1];
      if (next && c.ranks.has(w.form) && c.suits.has(next.form) && fold(text.slice(w.end, next.start)).trim() === c.between) {
        return { form: c.card, start: w.start, end: w.end, keep: w.keep };
      }
      return w;
    });
  }

  function clauses(query, typing, vocab) {
    vocab = vocab || ix;
    var found = cardRanks(query, words(query)), forms = found.map(function (w) { return w.form; });
    // an abbreviation typed in capitals is a whole word: not completed
    typing = typing && forms.length > 0 && !/\s$/.test(query) && !found[found.length - 1].keep;
    // a word this language lacks that is a stop word of the other is left
    // out, unless it is being typed (« il a montré ses cartes » on the English site)
    var last = forms.length - 1;
    forms = forms.filter(function (word, i) {
      return stemOf(word) >= 0 || !ix.otherStop.has(otherForm(word)) || (typing && i === last) || inflected(word);
    });
    var alternatives = forms.map(function (word, i) {
      return readings(word, typing && i === forms.length - 1, vocab).slice();
    });
    // a run of words that reads as a form of a glossary term, exactly or
    // through a completion or a typo, also stands for the term's other
    // forms, as surely as its least sure word (SearchIndex.clauses)
    var reads = alternatives.map(function (alts) {
      var read = new Map();
      alts.forEach(function (a) { if (!read.has(a.stems[0])) read.set(a.stems[0], a.weight); });
      return read;
    });
    var covered = [];
    ix.synonyms.forEach(function (phrases) {
      phrases.forEach(function (phrase) {
        for (var start = 0; start + phrase.length <= reads.length; start++) {
          if (!phrase.every(function (s, k) { return reads[start + k].has(s); })) continue;
          var sure = Infinity;
          phrase.forEach(function (s, k) { sure = Math.min(sure, reads[start + k].get(s)); });
          var weight = ix.ranking.synonym * sure;
          for (var c = start; c < start + phrase.length; c++) {
            if (vocab === ix || phrase.length > 1) covered[c] = true;
            var known = new Map();
            alternatives[c].forEach(function (a) {
              var key = a.stems.join(" ");
              known.set(key, Math.max(known.get(key) || 0, a.weight));
            });
            phrases.forEach(function (p) {
              if ((known.get(p.join(" ")) || 0) < weight) alternatives[c].push({ stems: p, weight: weight });
            });
          }
        }
      });
    });
    // a word read as a glossary term is not also read in the other language's
    // headings, nor in its phrasings of the situations when the term is a phrase
    return alternatives.map(function (alts, c) {
      return covered[c] ? alts.filter(function (a) { return !a.other; }) : alts;
    });
  }

  function titleStems(n) {
    var stems = ix.titles.get(n);
    if (!stems) {
      stems = new Set(words(ix.docs[n].title).map(function (w) { return stemOf(w.form); }));
      ix.titles.set(n, stems);
    }
    return stems;
  }

  // The laws the query names, each with the name it says: every stem of one
  // of a law's names among the query's readings; a name saying a subset of
  // the words another name says is none (SearchIndex._names_said).
  function namesSaid(cls) {
    var every = new Set();
    cls.forEach(function (alts) { alts.forEach(function (a) { a.stems.forEach(function (s) { every.add(s); }); }); });
    var found = [];
    ix.names.forEach(function (entry) {
      entry[1].forEach(function (name) {
        if (!name.every(function (s) { return every.has(s); })) return;
        // the query's words the name says: those a reading of which it holds whole
        var words = [];
        cls.forEach(function (alts, i) {
          if (alts.some(function (a) { return a.stems.every(function (s) { return name.indexOf(s) >= 0; }); })) words.push(i);
        });
        found.push({ law: ix.docs[entry[0]].law, name: name, words: words });
      });
    });
    function smaller(a, b) {  // a's words a proper subset of b's
      return a.length < b.length && a.every(function (i) { return b.indexOf(i) >= 0; });
    }
    return found.filter(function (f) { return !found.some(function (g) { return smaller(f.words, g.words); }); });
  }

  function namedLaws(cls) {
    var out = new Set();
    namesSaid(cls).forEach(function (f) { out.add(f.law); });
    return out;
  }

  // The laws one of whose names says every word of the query alone
  // (SearchIndex.named_whole).
  function namedWhole(cls) {
    var out = new Set();
    if (!cls.length) return out;
    namesSaid(cls).forEach(function (f) {
      var all = cls.every(function (alts) {
        return alts.some(function (a) { return a.stems.every(function (s) { return f.name.indexOf(s) >= 0; }); });
      });
      if (all) out.add(f.law);
    });
    return out;
  }

  // Each named law in the first few: a named law missing there brings its
  // first document in place of the last one there of a law shown twice
  // (not one a situation chose), which waits just after them (show_each).
  function showEach(hits, named) {
    var size = ix.ranking.diverse, top = hits.slice(0, size), rest = hits.slice(size), order = new Map();
    var own = function (h) { var d = ix.docs[h.n]; return d.lawText ? d.law : ""; };
    hits.forEach(function (h, i) { if (!order.has(own(h))) order.set(own(h), i); });
    var laws = Array.from(named).filter(function (law) { return order.has(law); });
    laws.sort(function (a, b) { return order.get(a) - order.get(b); });
    for (var k = 0; k < laws.length; k++) {
      var law = laws[k];
      if (top.some(function (h) { return own(h) === law; })) continue;
      var twice = [];
      top.forEach(function (h, i) {
        var mine = own(h);
        if (mine && h.why === undefined && top.filter(function (o) { return own(o) === mine; }).length > 1) twice.push(i);
      });
      if (!twice.length) break;
      var at = rest.findIndex(function (h) { return own(h) === law; }), first = rest[at];
      rest.splice(at, 1);
      rest.unshift(top[twice[twice.length - 1]]);
      top[twice[twice.length - 1]] = first;
    }
    return top.concat(rest);
  }

  // A query of two words or more names a tool when the tool's title says
  // every word it matched (SearchIndex._tool_named).
  function toolNamed(title, stems, matched, words) {
    var inTitle = 0;
    stems.forEach(function (s) { if (title.has(s)) inTitle += 1; });
    return words >= 2 && matched === words && inTitle >= words;
  }

  // More words matched first, then a law's own text before a secondary
  // document the query does not name, then score × title bonus (SearchIndex.rank).
  function rank(cls) {
    var total = new Map(), matched = new Map(), sure = new Map(), stems = new Map();
    cls.forEach(function (alts) {
      var best = new Map(), bestStems = new Map(), bestWeight = new Map();
      alts.forEach(function (alt) {
        var tables = alt.stems.map(scores);
        tables[0].forEach(function (first, n) {
          var sum = 0;
          for (var t = 0; t < tables.length; t++) {
            if (!tables[t].has(n)) return;
            sum += tables[t].get(n);
          }
          var score = alt.weight * sum / tables.length;
          if (score > (best.get(n) || 0)) { best.set(n, score); bestStems.set(n, alt.stems); bestWeight.set(n, alt.weight); }
        });
      });
      best.forEach(function (score, n) {
        total.set(n, (total.get(n) || 0) + score);
        matched.set(n, (matched.get(n) || 0) + 1);
        sure.set(n, (sure.get(n) || 0) + bestWeight.get(n));
        if (!stems.has(n)) stems.set(n, new Set());
        bestStems.get(n).forEach(function (s) { stems.get(n).add(s); });
      });
    });
    // each word's own readings (not a glossary term's other forms), for a law's title said whole
    var hits = [], named = namedLaws(cls), said = new Set();
    var readings = cls.map(function (alts) {
      return alts.filter(function (a) { return a.stems.length === 1; }).map(function (a) { said.add(a.stems[0]); return a.stems[0]; });
    });
    total.forEach(function (score, n) {
      var title = titleStems(n), share = 0, doc = ix.docs[n];
      if (title.size) {
        title.forEach(function (s) { if (stems.get(n).has(s)) share += 1; });
        share /= title.size;
      }
      score *= 1 + ix.ranking.title * share * share;
      var tool = doc.tool && toolNamed(title, stems.get(n), matched.get(n), cls.length);
      var first = !doc.secondary || share === 1 || (doc.lawPage && named.has(doc.law)) || tool;
      // a law of the sources whose whole title the query says, and only it, as a tool: each word of the
      // query reads as a word of the title, each word of the title is a reading of one (SearchIndex._law_titled)
      var titled = doc.lawPage && !doc.secondary && cls.length >= 2 && matched.get(n) === cls.length && title.size > 0 &&
        Array.from(title).every(function (s) { return said.has(s); }) &&
        readings.every(function (r) { return r.some(function (s) { return title.has(s); }); });
      hits.push({ n: n, score: score, matched: matched.get(n), sure: sure.get(n), stems: stems.get(n), first: first, tool: (tool && share === 1) || titled });
    });
    hits.sort(function (a, b) {
      // a secondary document counts one word less
      return (b.matched - (b.first ? 0 : 1)) - (a.matched - (a.first ? 0 : 1)) ||
        (b.first ? 1 : 0) - (a.first ? 1 : 0) || b.score - a.score || a.n - b.n;
    });
    return hits;
  }

  function citationKey(query) {
    var folded = fold(query), note = folded.match(ix.noteQuery);  // "note FFB 19" (analysis.citation_key)
    if (note) return "note" + parseInt(note.groups.note, 10);
    var m = folded.match(ix.citation);
    if (!m) return null;
    return window.CodeBridge.citationKey(m.groups);
  }

  // The first and last law of a range ("lois 61 à 64"), or null (analysis.law_range).
  function lawRange(query) {
    var m = fold(query).match(ix.lawRange);
    if (!m) return null;
    var first = parseInt(m.groups.first, 10), last = parseInt(m.groups.last, 10);
    return first < last ? [first, last] : null;
  }

  // A citation among other words: its key and the query without it (analysis.citation_amid).
  function citationAmid(query) {
    var m = ix.citationAmid.exec(query), key;
    if (m) {
      var g = m.groups, parts = g.annex ? [g.annex_part, g.annex_item] : [g.law, g.section, g.number, g.letter, g.roman];
      key = (g.annex ? window.CodeBridge.labels.annex : "") + parts.map(function (part) { return part || ""; }).join("");
    } else {
      m = ix.labelAmid.exec(query);
      if (!m) return null;
      key = m.groups.label;
    }
    return { key: key.toLowerCase().replace(/[^a-z0-9]/g, ""), words: query.slice(0, m.index) + " " + query.slice(m.index + m[0].length) };
  }

  // The document a query cites, or -1, and the words to rank: a key like
  // "12c1" with no provision falls back to the nearest one above it
  // (SearchIndex._citation).
  function cited(query) {
    if (!ix.keys) {
      ix.keys = new Map();
      ix.docs.forEach(function (d, n) { if (d.key && !ix.keys.has(d.key)) ix.keys.set(d.key, n); });  // of two notes (21), the first
    }
    var key = citationKey(query), words = query;
    if (!key || (!ix.keys.has(key) && !ix.labelKey.test(key))) {  // "loi 64 renonce"
      var amid = citationAmid(query);
      if (!amid) return { n: -1, words: query };
      key = amid.key;
      words = amid.words;
    }
    var n = nearest(key);
    if (n < 0 && words === query) return { n: -1, words: ix.bareNumber.test(query) ? query : "" };  // "loi 94": a citation of nothing; "1430" (a score) a word
    return { n: n, words: words };
  }

  // The document of a citation key, or of the nearest provision above it in
  // the same law, never another law: -1 (SearchIndex._nearest).
  function nearest(key) {
    if (ix.keys.has(key)) return ix.keys.get(key);
    var law = key.match(ix.citedLaw);
    if (!ix.labelKey.test(key) || !law || !ix.keys.has(law[0])) return -1;
    while (!ix.keys.has(key)) key = key.slice(0, -1);
    return ix.keys.get(key);
  }

  // The situations a query tells, closest first: [situation number,
  // closeness]; closeness is the mean of the closest phrasing's share of
  // the query (times the square root of its own share said) and the share
  // of the situation's words together (SearchIndex.situations_told).
  function situationsTold(query, typing) {
    if (!ix.situations.length) return [];
    // a suit stands for the suits, an honour for the honours (SearchIndex.situation_classes)
    var cls = clauses(query, typing, ix.situationVocabulary).filter(function (alts) { return alts.length > 0; })
      .map(function (alts) {
        return alts.map(function (a) {
          var stems = [];
          a.stems.forEach(function (s) {
            var c = ix.classes.has(s) ? ix.classes.get(s) : s;
            if (stems.indexOf(c) < 0) stems.push(c);
          });
          return { stems: stems, weight: a.weight };
        });
      });
    if (!cls.length) return [];
    var weights = cls.map(function (alts) {
      var w = -Infinity;
      alts[0].stems.forEach(function (s) { w = Math.max(w, ix.idf.has(s) ? ix.idf.get(s) : ix.topIdf); });
      return w;
    });
    var said = new Set(), total = 0;
    cls.forEach(function (alts) { alts.forEach(function (a) { a.stems.forEach(function (s) { said.add(s); }); }); });
    var firstReadings = new Set(cls.filter(function (alts) { return alts.length; }).map(function (alts) { return alts[0].stems.join(" "); })).size;
    weights.forEach(function (w) { total += w; });
    function share(have) {
      var out = 0;
      cls.forEach(function (alts, c) {
        var sure = 0;
        alts.forEach(function (a) {
          if (a.weight > sure && a.stems.every(function (s) { return have.has(s); })) sure = a.weight;
        });
        out += sure * weights[c];
      });
      return out / total;
    }
    var best = new Map();
    ix.phrases.forEach(function (phrase, k) {
      var i = phrase[0], stems = phrase[1], ownSaid = 0;
      stems.forEach(function (s) { if (said.has(s)) ownSaid += ix.idf.get(s); });
      if (!ownSaid) return;  // a phrasing saying none of the query's words is not close
      var closeness = share(ix.phraseSets[k]) * Math.sqrt(ownSaid / ix.phraseOwn[k]);
      if (closeness > (best.get(i) || 0)) best.set(i, closeness);
    });
    var found = [], strongest = 0;
    weights.forEach(function (w, k) { if (w > weights[strongest]) strongest = k; });
    // a word alone that no law's text says, as typed or as the glossary's synonym
    // of it ("tricherie", "insulted"; not "psych"): the situations answer it
    // (when no situation's title says it: "abat" tells the one whose title does);
    // a case or a commentary may say it (« insultes »): the law answers through the situation
    var unanswered = cls.length === 1 && !cls[0].some(function (a) {
      return a.weight >= ix.ranking.synonym && a.stems.some(function (s) {
        if (!ix.postings[s]) return false;
        var said = false;
        scores(s).forEach(function (_, d) { if (ix.docs[d].lawText) said = true; });
        return said;
      });
    }) && !ix.titleSets.some(function (title) {
      return cls[0].some(function (a) { return a.weight >= 1 && a.stems.every(function (s) { return title.has(s); }); });
    });
    ix.bags.forEach(function (bag, i) {
      // a situation is told by two of its words at least, or, in a query of
      // several words, by the most telling one as typed
      var words = 0, saysStrongest = false;
      cls.forEach(function (alts, k) {
        if (alts.some(function (a) { return a.stems.every(function (s) { return bag.has(s); }); })) words += 1;
      });
      // the most telling word as typed, not a completion or a typo's correction
      saysStrongest = cls[strongest].some(function (a) {
        return a.weight >= 1 && a.stems.every(function (s) { return bag.has(s); });
      });
      // a word alone, rare among the situations, that the title says as typed, or
      // a phrasing when no text says it (SearchIndex.situations_told)
      var title = ix.titleSets[i];
      var alone = cls.length === 1 && weights[0] >= ix.ranking.one_word_idf && cls[0].some(function (a) {
        return a.weight >= 1 && (a.stems.every(function (s) { return title.has(s); }) ||
          // the word in this language, not as the other reads it ("impolu" is no "impolite")
          unanswered && a.stems.every(function (s) { return bag.has(s) && !ix.marked.has(s); }));
      });
      if (words < 2 && !(cls.length >= 2 && saysStrongest) && !alone) return;
      var closeness = ((best.get(i) || 0) + share(bag)) / 2;
      if (closeness >= ix.ranking.situation) found.push([i, closeness]);
    });
    found.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
    return found.slice(0, ix.ranking.situations);
  }

  // The text's ranking and the situations' provisions in one list: a text
  // result of rank r scores share² / (fusion_k + r), share the part of the
  // query's words it matched, each counted as surely as it was read (a
  // typo's correction, a root: less than the word as typed), a situation's provisions
  // add weight × closeness (more for a sentence telling it closely), halved from one to the next; a tool whose whole
  // title the query says comes first, told situations or not (SearchIndex.fuse).
  function fuse(ranked, told, words) {
    if (!told.length) {  // the text's ranking, what the query names first
      return ranked.filter(function (h) { return h.tool; }).concat(ranked.filter(function (h) { return !h.tool; }));
    }
    var fused = new Map(), hits = new Map();
    ranked.forEach(function (h, r) {
      // in a question of three words or more, a secondary document one word less, as in rank
      var share = Math.max(0, h.sure - (words >= 3 && !h.first ? 1 : 0)) / words;
      fused.set(h.n, h.tool ? Infinity : share * share / (ix.ranking.fusion_k + r));
      hits.set(h.n, h);
    });
    told.forEach(function (t) {
      var weight = ix.ranking.situation_weight * t[1];
      if (words >= ix.ranking.sentence) {  // a sentence telling it closely: more (SearchIndex.fuse)
        weight = Math.max(weight, ix.ranking.sentence_weight * Math.pow(t[1], ix.ranking.sentence_power));
      }
      withParts(ix.situations[t[0]].docs, ranked).forEach(function (n) {
        fused.set(n, (fused.get(n) || 0) + weight);
        weight *= ix.ranking.situation_decay;
        var old = hits.get(n);
        if (!old || old.why === undefined) {
          hits.set(n, { n: n, stems: old ? old.stems : new Set(), matched: old ? old.matched : 0, why: t[0] });
        }
      });
    });
    var first = new Map(), k = 0;
    hits.forEach(function (h, n) { first.set(n, k++); });
    var order = Array.from(fused.keys());
    order.sort(function (a, b) { return fused.get(b) - fused.get(a) || first.get(a) - first.get(b); });
    return order.map(function (n) { return hits.get(n); });
  }

  // A situation's provisions, each followed by the first of its parts that
  // the text ranks in its first few (SearchIndex._with_parts).
  function withParts(provisions, ranked) {
    var first = ranked.slice(0, ix.ranking.parts_window), out = [];
    provisions.forEach(function (n) {
      if (out.indexOf(n) < 0) out.push(n);
      var outer = ix.docs[n];
      for (var k = 0; k < first.length; k++) {
        var doc = ix.docs[first[k].n];
        if (doc.law === outer.law && partOf(doc.anchor, outer.anchor)) {
          if (out.indexOf(first[k].n) < 0) out.push(first[k].n);
          break;
        }
      }
    });
    return out;
  }

  // Whether a provision's anchor says a part of the one whose anchor is
  // outer: its marker follows a hyphen or changes kind, digit, capital or
  // small letter (labels.anchor_within).
  function partOf(anchor, outer) {
    if (!outer || anchor.length <= outer.length || anchor.indexOf(outer) !== 0) return false;
    var after = anchor.charAt(outer.length);
    return after === "-" || markerKind(after) !== markerKind(outer.charAt(outer.length - 1));
  }

  function markerKind(c) {
    return /[0-9]/.test(c) ? "9" : /[A-Z]/.test(c) ? "A" : "a";
  }

  // In the first results, at most so many of one law's own documents,
  // unless the query names the law; a cited or situation-offered document
  // is never held back, but counts (index.diversify).
  function diversify(hits, named) {
    var top = [], waiting = [], rest = [], count = new Map();
    hits.forEach(function (h) {
      if (top.length >= ix.ranking.diverse) { rest.push(h); return; }
      var doc = ix.docs[h.n], law = doc.lawText ? doc.law : "";
      if (law && !named.has(law) && h.why === undefined && (count.get(law) || 0) >= ix.ranking.per_law) {
        waiting.push(h);
        return;
      }
      if (law) count.set(law, (count.get(law) || 0) + 1);
      top.push(h);
    });
    return top.concat(waiting, rest);
  }

  // In the first few, the law's texts found among the first ten, in their
  // order: a case or commentary passage the query does not name comes
  // after them (index.texts_first).
  function textsFirst(hits) {
    var texts = hits.slice(0, ix.ranking.texts_window).filter(function (h) {
      var d = ix.docs[h.n];
      return h.first !== false || !(d.secondary && !d.tool && !d.lawText);
    }).slice(0, ix.ranking.texts_first);
    return texts.concat(hits.filter(function (h) { return texts.indexOf(h) < 0; }));
  }

  // A worked case or a commentary passage found first gives its place to
  // the first provision, law or note with text found after it (index.law_first).
  function lawFirst(hits) {
    var doc = hits.length ? ix.docs[hits[0].n] : null;
    if (!doc || !doc.secondary || doc.tool || doc.lawText) return hits;
    for (var i = 1; i < hits.length; i++) {
      var d = ix.docs[hits[i].n];
      if (d.lawText && !d.secondary) return [hits[i]].concat(hits.slice(0, i), hits.slice(i + 1));
    }
    return hits;
  }

  // A cited provision first, with those under it (those the other words
  // find first, when the citation stands among words), then the provisions
  // of the situations the query tells merged with the ranked documents;
  // the first few diversified (SearchIndex.search).
  function search(query, typing, limit) {
    limit = limit || LIMIT;
    var span = lawRange(query);
    if (span) {  // "lois 61 à 64": those laws' pages, in order (not "61A", the « à » read as a section)
      var laws = [];
      ix.docs.forEach(function (d, i) {
        if (d.lawPage && /^\d+$/.test(d.law) && +d.law >= span[0] && +d.law <= span[1]) laws.push({ n: i, stems: new Set() });
      });
      if (laws.length) return laws.slice(0, limit);
    }
    var hits = [], found = cited(query), n = found.n, among = found.words !== query;
    // the whole query cites: what follows is what cites it ("64 B 7" read as "64b7")
    if (n >= 0 && !among) found.words = citationKey(query) || found.words;
    var cls = clauses(found.words, typing);
    var ranked = rank(cls);
    if (n >= 0) {
      var doc = ix.docs[n], under = [];
      ix.docs.forEach(function (d, i) {
        // a note has nothing under it, but its number may be printed twice: (21), Laws 70 and 71
        var note = doc.key.indexOf("note") === 0;
        if (i !== n && (note ? d.key === doc.key : d.law === doc.law && partOf(d.anchor, doc.anchor))) under.push({ n: i, stems: new Set() });
      });
      if (among) {
        var order = new Map();
        ranked.forEach(function (h, i) { order.set(h.n, i); });
        under.sort(function (a, b) {
          return (order.has(a.n) ? order.get(a.n) : order.size) - (order.has(b.n) ? order.get(b.n) : order.size);
        });
      }
      hits = [{ n: n, stems: new Set() }].concat(under.slice(0, limit));
    }
    var out = [], seen = new Set();
    hits.concat(fuse(ranked, situationsTold(found.words, typing), cls.length)).forEach(function (h) {
      if (!seen.has(h.n)) { seen.add(h.n); out.push(h); }
    });
    var named = namedLaws(cls);
    if (n >= 0) named.add(ix.docs[n].law);
    out = diversify(out, named);
    var whole = n < 0 ? namedWhole(cls) : new Set();
    if (whole.size > 1) out = showEach(out, whole);
    return textsFirst(lawFirst(out)).slice(0, limit);
  }

  // ---------------------------------------------------------------- page

  function escape(text) {
    return text.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }

  // The texts of the results shown: the file holding each is loaded once
  // (a <script>, as the index); the snippets waiting for it are filled
  // when it comes, with the words their result matched.
  var waitingSnippets = new Map();  // document number → its result's stems

  // A file beside the index (a <script>, as the index), loaded once: its
  // state says so; offline and not kept, it is tried again when next needed.
  function loadOnce(file, path) {
    if (file.state) return;
    file.state = "loading";
    var script = document.createElement("script");
    script.src = base + "/" + path;
    script.onerror = function () { file.state = null; };
    document.head.appendChild(script);
  }

  function loadTexts(k) { loadOnce(ix.textFiles[k], ix.texts + k + ".js"); }

  function loadDefinitions() { loadOnce(ix.termsFile, ix.termsFile.path); }

  window.codebridgeSearchTerms = function (definitions) {
    if (!ix || ix.termsFile.state === "loaded" || definitions.length !== ix.terms.length) return;
    ix.terms.forEach(function (term, i) { term.definition = definitions[i]; });
    ix.termsFile.state = "loaded";
    if (shownTerm) showTerm(shownTerm);
  };

  window.codebridgeSearchTexts = function (k, texts) {
    var file = ix && ix.textFiles[k];
    if (!file || file.state === "loaded" || texts.length !== file.docs.length) return;
    file.docs.forEach(function (n, i) { ix.docs[n].text = texts[i]; });
    file.state = "loaded";
    list.querySelectorAll(".cb-search__snippet[data-n]").forEach(function (span) {
      var n = +span.getAttribute("data-n");
      if (ix.docs[n].text === undefined || !waitingSnippets.has(n)) return;
      span.innerHTML = snippet(n, waitingSnippets.get(n), 160);
      span.removeAttribute("data-n");
    });
  };

  // A result's snippet: at once if its text is here, else a place that
  // the text fills when its file comes.
  function snippetOf(h) {
    var doc = ix.docs[h.n];
    if (doc.file === null) return "";
    if (doc.text !== undefined) return '<span class="cb-search__snippet">' + snippet(h.n, h.stems, 160) + "</span>";
    waitingSnippets.set(h.n, h.stems);
    loadTexts(doc.file);
    return '<span class="cb-search__snippet" data-n="' + h.n + '"></span>';
  }

  // A document's words with their stems, read once.
  function docWords(n) {
    var doc = ix.docs[n];
    if (!doc.words) {
      doc.words = words(doc.text).map(function (w) { return { start: w.start, end: w.end, stem: stemOf(w.form) }; });
    }
    return doc.words;
  }

  // Document → where the source's slips end in its text, with our reading.
  function sicMarks(raw) {
    var out = new Map();
    raw.at.forEach(function (s) {
      if (!out.has(s[0])) out.set(s[0], []);
      out.get(s[0]).push([s[1], raw.lead + s[2] + raw.end]);
    });
    return out;
  }

  // About 160 characters around the best run of matched words, marked;
  // after a slip of the source, our reading, as the page says it
  // (SearchIndex.snippet).
  function snippet(n, stems, width) {
    var doc = ix.docs[n], text = doc.text, slips = (ix.sic.get(n) || []).slice();
    var spans = docWords(n).filter(function (w) { return stems.has(w.stem); });
    var start = 0;
    if (spans.length) {
      // the window holding the most matches (spans are in text order)
      var bestAt = 0, bestCount = -1, j = 0;
      spans.forEach(function (s, i) {
        if (j < i) j = i;
        while (j < spans.length && spans[j].start < s.start + width) j++;
        if (j - i > bestCount) { bestCount = j - i; bestAt = i; }
      });
      start = Math.max(0, spans[bestAt].start - 30);
      if (start) start = text.lastIndexOf(" ", start) + 1;
    }
    var end = Math.min(text.length, start + width);
    if (end < text.length) end = Math.max(text.lastIndexOf(" ", end), start + (width >> 1));
    var out = start ? "… " : "", pos = start;
    // the text to limit, each reading in the window after its slip (after
    // the marked word that holds the slip's end)
    function upTo(limit) {
      while (slips.length && slips[0][0] <= limit) {
        var slip = slips.shift(), at = slip[0];
        if (at > start && at <= end) {
          at = Math.max(at, pos);
          out += escape(text.slice(pos, at)) + '<span class="cb-sic">' + escape(slip[1]) + "</span>";
          pos = at;
        }
      }
      out += escape(text.slice(pos, limit));
      pos = limit;
    }
    spans.forEach(function (s) {
      if (s.start >= start && s.end <= end) {
        upTo(s.start);
        out += "<mark>" + escape(text.slice(s.start, s.end)) + "</mark>";
        pos = s.end;
      }
    });
    upTo(end);
    return out + (end < text.length ? " …" : "");
  }

  // The words of a query that no text says and that it read as a typo of
  // others, each with those others (« soupir »: « soumis », « subi »):
  // said with the results, so that a reader knows what was searched. Not a
  // word read otherwise too (the beginning of a longer one as it is typed,
  // a word of the other language).
  function guesses(query) {
    var found = words(query), out = [];
    found.forEach(function (w, i) {
      if (stemOf(w.form) >= 0) return;
      var alts = readings(w.form, i === found.length - 1 && !/\s$/.test(query) && !w.keep, ix);
      var forms = alts.filter(function (a) { return a.form; }).map(function (a) { return a.form; });
      if (forms.length && forms.length === alts.length) out.push(strings.guess.replace("{word}", query.slice(w.start, w.end)).replace("{forms}",
        forms.map(function (f) { return strings.guess_form.replace("{form}", f); }).join(", ")));
    });
    return out;
  }

  // The glossary term whose form the whole query is (SearchIndex.defined):
  // each word looked up as the index's forms, the stems as one of its forms'.
  function defined(query) {
    var found = words(query);
    if (!found.length) return null;
    var stems = found.map(function (w) { return stemOf(w.form); });
    if (stems.indexOf(-1) >= 0) return null;
    var i = ix.termForms.get(stems.join(" "));
    return i === undefined ? null : ix.terms[i];
  }

  // Its definition above the results: its name links to its entry in the
  // glossary, then the provisions and laws the entry cites. The definitions
  // come in a file of their own, the first time a term is shown: the box
  // says the name and what it cites at once, the definition when it comes.
  var shownTerm = null;

  function showTerm(term) {
    if (!termBox) return;
    shownTerm = term;
    termBox.hidden = !term;
    if (!term) { termBox.innerHTML = ""; return; }
    var glossary = strings.places.glossary[1].split("#")[0] + "#" + encodeURIComponent(term.id);
    var name = '<a class="cb-search__term-name" href="' + escape(glossary) + '">' + escape(term.name) + "</a>";
    var said = term.definition === undefined ? (loadDefinitions(), name) :
      escape(ix.termSaid).replace("{name}", function () { return name; }).replace("{definition}", function () { return escape(term.definition); });
    var cites = term.docs.map(function (n) {
      return '<a href="' + escape(base + "/" + ix.docs[n].url) + '">' + escape(ix.docs[n].citation) + "</a>";
    }).join(" · ");
    termBox.innerHTML = "<p>" + said + "</p>" + (cites ? '<p class="cb-search__term-cites">' + cites + "</p>" : "");
  }

  // the results shown: twenty, and twenty more at each "more" (reset by a new query)
  var shown = LIMIT;

  function render(query, further) {
    selected = -1;
    input.removeAttribute("aria-activedescendant");
    if (!further) shown = LIMIT;
    if (!further) showTerm(query.trim() ? defined(query) : null);
    if (!query.trim()) {
      list.innerHTML = "";
      status.textContent = "";
      helpBox.hidden = true;
      if (more) more.hidden = true;
      return;
    }
    var hits = search(query, true, shown + 1), beyond = hits.length > shown;
    hits = hits.slice(0, shown);
    waitingSnippets = new Map();
    list.innerHTML = hits.map(function (h, i) {
      var doc = ix.docs[h.n];
      var heading = doc.heading ? ' <span class="cb-search__heading">' + escape(doc.heading) + "</span>" : "";
      // why a situation's provision came: the situation it decides
      var why = h.why === undefined ? "" : '<span class="cb-search__why" data-situation="' +
        escape(ix.situations[h.why].id) + '">' + escape(ix.situationLabel + ix.situations[h.why].title) + "</span>";
      // found by words of the other language: its heading there says why
      var said = "", title = ix.otherTitles.get(h.n);
      if (title && Array.from(h.stems).some(function (s) { return ix.marked.has(s); })) {
        said = '<span class="cb-search__other">' + escape(ix.otherLabel) + '<span lang="' + ix.otherLang + '">' + escape(title) + "</span></span>";
      }
      return '<li role="none"><a role="option" aria-selected="false" id="cb-search-' + i + '" href="' +
        escape(base + "/" + doc.url) + '">' + why + '<span class="cb-search__cite">' + escape(doc.citation) + "</span>" +
        heading + said + snippetOf(h) + "</a></li>";
    }).join("");
    status.textContent = (hits.length === 0 ? strings.none :
      (hits.length === 1 ? strings.one : (beyond ? strings.first : strings.other).replace("#", hits.length))) +
      (hits.length ? guesses(query).map(function (g) { return " · " + g; }).join("") : "");
    if (more) more.hidden = !beyond;
    helpBox.innerHTML = hits.length ? "" : help();
    helpBox.hidden = hits.length > 0;
  }

  if (more) more.addEventListener("click", function () {
    shown += LIMIT;
    var first = shown - LIMIT;
    render(input.value, true);
    // the first of the new results, in view
    var links = list.querySelectorAll("a");
    if (links[first]) links[first].scrollIntoView({ block: "nearest" });
  });

  // What to try when nothing is found: other words, a citation, the pages
  // that list the code another way (each a link).
  function help() {
    return escape(strings.help).replace(/\{(index|glossary|situations)\}/g, function (all, name) {
      var place = strings.places[name];
      return '<a href="' + escape(place[1]) + '">' + escape(place[0]) + "</a>";
    });
  }

  function select(i) {
    var links = list.querySelectorAll("a");
    if (!links.length) return;
    if (selected >= 0) links[selected].setAttribute("aria-selected", "false");
    selected = (i + links.length) % links.length;
    links[selected].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", links[selected].id);
    links[selected].scrollIntoView({ block: "nearest" });
  }

  // The address shows the query, so that it can be shared (?q=…): a moment
  // after the last keystroke, since rewriting the address costs more than a
  // search and changes no result.
  var remembering = null;

  function rememberSoon(query) {
    clearTimeout(remembering);
    remembering = setTimeout(function () { remember(query); }, 300);
  }

  function remember(query) {
    clearTimeout(remembering);
    var url = new URL(location.href);
    if (query) url.searchParams.set("q", query); else url.searchParams.delete("q");
    try { history.replaceState(history.state, "", url.href); } catch (e) { /* file:// in some browsers */ }
  }

  function update() {
    var query = input.value;
    input.setAttribute("aria-expanded", query.trim() ? "true" : "false");
    rememberSoon(query);
    load(function () { if (input.value === query) render(query); });
  }

  var returnTo = null;  // where the keyboard was when search opened: it goes back there when search closes
  function open(query) {
    if (typeof query === "string") input.value = query;
    var opening = !dialog.open;  // not when this script takes over a dialog opened while it loaded
    if (opening) { returnTo = document.activeElement; dialog.showModal(); }
    input.focus();
    if (opening) input.select();  // the last query, still there, is replaced by what is typed next
    update();
  }

  input.addEventListener("input", update);
  input.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {  // closes at once (a search box would first empty itself): the query stays for next time
      e.preventDefault();
      dialog.close();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      var down = e.key === "ArrowDown";
      select(selected < 0 ? (down ? 0 : -1) : selected + (down ? 1 : -1));  // up from nothing: the last
    } else if (e.key === "Enter") {
      e.preventDefault();
      var link = list.querySelectorAll("a")[Math.max(selected, 0)];
      if (link) { leave(link); location.href = window.CodeBridge.page(link.href); }
    }
  });
  // Going to a result on another page, the address keeps the query, so
  // that Back returns to the results (the page opens search with its ?q=,
  // or comes back from the browser's cache: "pageshow").
  var leaving = false;
  function leave(link) {
    if (link.pathname !== location.pathname) {
      leaving = true;
      remember(input.value);
    }
    dialog.close();
  }
  list.addEventListener("click", function (e) { var link = e.target.closest("a"); if (link) leave(link); });
  dialog.addEventListener("click", function (e) { if (e.target === dialog) dialog.close(); });
  dialog.addEventListener("close", function () {
    if (leaving) return;
    remember("");
    // opened by a key ("/"), the keyboard was nowhere: back on the search button, not at the top of the page
    var back = returnTo && returnTo !== document.body && document.contains(returnTo) ? returnTo : opener;
    if (back && !back.hidden) back.focus();
  });
  window.addEventListener("pageshow", function (e) {
    if (!e.persisted) return;
    leaving = false;
    var again = new URLSearchParams(location.search).get("q");
    if (again && !dialog.open) open(again);
  });
  if (opener) {
    var header = document.querySelector(".md-header__inner");
    if (header) header.appendChild(opener);  // beside the title, where Material's search was
    opener.hidden = false;
    opener.addEventListener("click", function () { open(); });
  }
  // "/", "s" or "f" opens search, as in Material, unless one is typing.
  window.addEventListener("keydown", function (e) {
    if (dialog.open || e.ctrlKey || e.metaKey || e.altKey) return;
    if (window.CodeBridge.typing(e.target)) return;  // theme.js, loaded before this script
    if (e.key === "/" || e.key === "s" || e.key === "f") {
      e.preventDefault();
      e.stopImmediatePropagation();
      open();
    }
  }, true);

  var shared = new URLSearchParams(location.search).get("q");
  if (shared) open(shared);

  window.codebridgeSearch = { open: open, search: function (q) { return search(q, false); } };
})();
