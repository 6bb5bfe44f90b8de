// The class dashboard's tables, redrawn from each server-sent event (the whole room as JSON).
(function () {
  "use strict";
  var box = document.getElementById("tables");
  var card = document.getElementById("table-card");
  // The words come with the page, in its language (app.py's tables_words): this script holds none.
  var WORDS = JSON.parse(document.getElementById("words").textContent);
  var STATES = WORDS.states;

  function say(words, values) {   // "offline since {since}" with {since: "14:02"}
    return words.replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }

  function put(root, selector, text) { root.querySelector(selector).textContent = text || ""; }

  function draw(room) {
    var broker = document.getElementById("broker");
    broker.hidden = room.broker.online;
    broker.textContent = room.broker.online ? "" : say(WORDS.broker_offline,
      {since: room.broker.since, problem: room.broker.problem ? ": " + room.broker.problem : ""});
    document.getElementById("room-state").firstChild.textContent =
      (room.room.paused ? WORDS.paused : WORDS.plays) + " ";
    put(document, "#room-notice", room.room.notice ? say(WORDS.notice, {notice: room.room.notice}) : "");
    if (room.tables.length === 0) {
      var none = document.createElement("p");
      none.className = "note";
      none.textContent = WORDS.no_station;
      box.replaceChildren(none);
    } else {
      box.replaceChildren.apply(box, room.tables.map(function (t) {
        var node = card.content.firstElementChild.cloneNode(true);
        node.dataset.station = t.station;
        node.classList.add(t.status === "online" ? "online" : "offline");
        put(node, ".title", t.title);
        put(node, ".status", t.status === "online" ? WORDS.online : t.status === "offline" ?
          say(WORDS.offline_since, {since: t.status_since}) : WORDS.not_heard);
        put(node, ".game", (t.game ? t.game + " · " : "") + (STATES[t.state] || t.state));
        put(node, ".headline", t.headline);
        var rows = node.querySelector(".scores tbody");
        var sides = t.scores.length ? t.scores : t.players.map(function (p) { return [p, ""]; });
        sides.forEach(function (side) {
          var tr = document.createElement("tr");
          side.forEach(function (v) { var td = document.createElement("td"); td.textContent = v; tr.appendChild(td); });
          if (side[0] === t.turn) { tr.className = "turn"; }
          rows.appendChild(tr);
        });
        var turnSaid = !t.turn || t.headline.indexOf(t.turn) >= 0;   // "Ben to play" already says it
        put(node, ".turn-clock", [turnSaid ? "" : say(WORDS.turn, {name: t.turn}),
                                  t.clock ? say(WORDS.clock, {clock: t.clock}) : ""]
          .filter(Boolean).join(" · "));
        var list = node.querySelector(".verdicts");
        t.verdicts.forEach(function (v) { var li = document.createElement("li"); li.textContent = v; list.appendChild(li); });
        put(node, ".at", t.at ? say(WORDS.as_of, {time: t.at}) : "");
        if (t.language) {   // the table's own words are in its station's language, the page's in the teacher's
          [".headline", ".scores", ".verdicts"].forEach(function (part) {
            node.querySelector(part).lang = t.language;
          });
        }
        return node;
      }));
    }
    box.dataset.updates = String(Number(box.dataset.updates || 0) + 1);
  }

  var source = new EventSource(box.dataset.events);
  source.onmessage = function (message) { draw(JSON.parse(message.data)); };
})();
