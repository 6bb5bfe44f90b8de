// The class dashboard's tables, redrawn from each server-sent event (the whole room as JSON).
(function () {
  "use strict";
  var box = document.getElementById("tables");
  var card = document.getElementById("table-card");
  var STATES = {idle: "No game", setup: "Setting up", playing: "Playing", paused: "Paused", over: "Game over"};

  function put(root, selector, text) { root.querySelector(selector).textContent = text || ""; }

  function draw(room) {
    var broker = document.getElementById("broker");
    broker.hidden = room.broker.online;
    broker.textContent = room.broker.online ? "" : "Broker offline since " + room.broker.since +
      (room.broker.problem ? ": " + room.broker.problem : "") +
      ". The tables below are as they last were; the dashboard catches up when the broker is back.";
    document.getElementById("room-state").firstChild.textContent =
      room.room.paused ? "Every table is paused. " : "Every table plays. ";
    put(document, "#room-notice", room.room.notice ? "Shown on every table: " + room.room.notice : "");
    if (room.tables.length === 0) {
      var none = document.createElement("p");
      none.className = "note";
      none.textContent = "No station has reported yet: each one appears here when it joins the class.";
      box.replaceChildren(none);
    } else {
      box.replaceChildren.apply(box, room.tables.map(function (t) {
        var node = card.content.firstElementChild.cloneNode(true);
        node.dataset.station = t.station;
        node.classList.add(t.status === "online" ? "online" : "offline");
        put(node, ".title", t.title);
        put(node, ".status", t.status === "online" ? "online" : t.status === "offline" ?
          "offline since " + t.status_since : "not heard from");
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
        put(node, ".turn-clock", [turnSaid ? "" : "Turn: " + t.turn, t.clock ? "Clock " + t.clock : ""]
          .filter(Boolean).join(" · "));
        var list = node.querySelector(".verdicts");
        t.verdicts.forEach(function (v) { var li = document.createElement("li"); li.textContent = v; list.appendChild(li); });
        put(node, ".at", t.at ? "as of " + t.at : "");
        return node;
      }));
    }
    box.dataset.updates = String(Number(box.dataset.updates || 0) + 1);
  }

  var source = new EventSource(box.dataset.events);
  source.onmessage = function (message) { draw(JSON.parse(message.data)); };
})();
