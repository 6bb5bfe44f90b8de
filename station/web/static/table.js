// The virtual table in the browser (station/web/table.py serves it; docs/virtual-table.md tells how to play).
// Plain JavaScript, no build step, nothing from another site. The page only moves pictures and
// tells the station where a card was put down: the station sees the table through its camera.
(function () {
  "use strict";

  var BORDER = 40;        // mm of table shown around the mat: room to lay a card beside it
  var POLL_MS = 300;      // how often the page asks what the table and the screen show
  var HAND_EVERY_MS = 120; // a hand passing over sends where it is this often at most
  var TURN = { "turn-left": -15, "turn-right": 15, "turn-60": 60, "turn-180": 180 };

  var token = document.querySelector('meta[name="csrf-token"]').content;
  var board = document.getElementById("board");
  var matPicture = document.getElementById("mat");
  var fan = document.getElementById("fan");
  var deckBox = document.getElementById("deck-box");
  var seatChoice = document.getElementById("seat");
  var problem = document.getElementById("problem");
  var tools = document.getElementById("card-tools");

  var scale = 1;          // px per mm on the page
  var mat = null;         // the mat as state.json gives it
  var cards = [];         // the cards on the table, bottom first
  var info = {};          // card id -> {label, width, height, centre, outline}
  var seats = [];         // card ids each seat holds
  var hand = [];          // the ids in this browser's hand, left to right
  var picked = null;      // the id of the card on the table the tools act on
  var version = -1, screen = -1, liveVersion = -1;
  var seat = 0;
  var dragging = false;   // a card is in the player's grip: the table is redrawn once it is let go

  function say(text) {
    problem.textContent = text || "";
    problem.hidden = !text;
  }

  // Moves go one after the other, in the order they were made (two presses in a row must not swap).
  var queue = Promise.resolve();
  var pending = 0;

  function post(path, body) {
    pending += 1;
    board.dataset.pending = String(pending);
    queue = queue.then(function () { return send(path, body); }).then(function (result) {
      pending -= 1;
      board.dataset.pending = String(pending);
      return result;
    });
    return queue;
  }

  function send(path, body) {
    return fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify(body)
    }).then(function (answer) {
      return answer.json().catch(function () { return { ok: false, error: "The station said no (" + answer.status + "): reload the page." }; });
    }).then(function (result) {
      say(result.ok ? "" : result.error);
      poll(true);
      return result;
    }, function () { say("The station does not answer: is it still running?"); });
  }

  // ---- where things are ---------------------------------------------------------------------

  function layout() {
    var room = board.parentElement.clientWidth || 800;
    scale = Math.max(0.4, Math.min(1.6, room / (mat.width + 2 * BORDER)));
    board.style.width = (mat.width + 2 * BORDER) * scale + "px";
    board.style.height = (mat.height + 2 * BORDER) * scale + "px";
    matPicture.style.left = matPicture.style.top = BORDER * scale + "px";
    matPicture.style.width = mat.width * scale + "px";
    matPicture.style.height = mat.height * scale + "px";
    board.dataset.scale = String(scale);
    board.dataset.border = String(BORDER);
  }

  function toMm(x, y) {
    var box = board.getBoundingClientRect();
    return [(x - box.left) / scale - BORDER, (y - box.top) / scale - BORDER];
  }

  function onBoard(x, y) {
    var box = board.getBoundingClientRect();
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  }

  function facing() {  // a card from the hand faces its player, turned as the page's "Turned" says
    var turn = Number(document.getElementById("lay-turn").value) || 0;
    return (((mat && mat.facing[seat]) || 0) + turn) % 360;
  }

  // ---- card pictures ------------------------------------------------------------------------

  function picture(id, faceUp) {
    var card = info[id];
    var img = document.createElement("img");
    img.className = "card";
    img.dataset.id = id;
    img.alt = faceUp ? card.label : "A card face down";
    img.draggable = false;
    img.src = "/table/card/" + encodeURIComponent(id) + ".png" + (faceUp ? "" : "?side=back");
    if (card.outline.length !== 4) {  // a triangle: cut the picture to its outline
      img.style.clipPath = "polygon(" + card.outline.map(function (p) {
        return (100 * p[0] / card.width) + "% " + (100 * p[1] / card.height) + "%";
      }).join(", ") + ")";
    }
    return img;
  }

  function size(img, id, at) {
    var card = info[id];
    img.style.width = card.width * at + "px";
    img.style.height = card.height * at + "px";
    img.style.transformOrigin = card.centre[0] * at + "px " + card.centre[1] * at + "px";
  }

  function put(img, id, x, y, angle) {
    var card = info[id];
    size(img, id, scale);
    img.style.left = (x + BORDER - card.centre[0]) * scale + "px";
    img.style.top = (y + BORDER - card.centre[1]) * scale + "px";
    img.style.transform = "rotate(" + angle + "deg)";
  }

  // ---- drawing ------------------------------------------------------------------------------

  function drawTable() {
    Array.prototype.slice.call(board.querySelectorAll(".card, .shadow")).forEach(function (el) { el.remove(); });
    cards.forEach(function (card) {
      if (!info[card.id]) { return; }
      var img = picture(card.id, card.face_up);
      put(img, card.id, card.x, card.y, card.angle);
      if (card.id === picked) { img.classList.add("picked"); }
      img.addEventListener("pointerdown", function (event) { dragFromTable(event, card, img); });
      board.appendChild(img);
    });
    (state.hands || []).forEach(function (h) {
      var shadow = document.createElement("div");
      shadow.className = "shadow";
      shadow.style.left = (h.x + BORDER) * scale - 32 + "px";
      shadow.style.top = (h.y + BORDER) * scale - 48 + "px";
      board.appendChild(shadow);
    });
    var held = cards.filter(function (c) { return c.id === picked; })[0];
    if (!held) { picked = null; }
    tools.hidden = !picked;
    document.getElementById("picked").textContent = held ? (held.face_up ? info[held.id].label : "A card face down") : "";
  }

  function onTable(id) {
    return cards.some(function (c) { return c.id === id; });
  }

  var fanDrawn = "";

  function drawHand() {
    hand = hand.filter(function (id) { return !onTable(id) && info[id]; });
    var at = Math.min(scale, 1.2);
    var drawn = hand.join(" ") + "@" + at;
    if (drawn === fanDrawn) { return; }  // the same hand: its pictures stay (one may be in a player's grip)
    fanDrawn = drawn;
    fan.textContent = "";
    hand.forEach(function (id, index) {
      var img = picture(id, true);
      size(img, id, at);
      var spread = hand.length > 1 ? (index / (hand.length - 1) - 0.5) : 0;
      img.style.left = index * Math.min(60, 600 / Math.max(hand.length, 1)) + "px";
      img.style.transform = "rotate(" + spread * 24 + "deg)";
      img.style.transformOrigin = "50% 120%";
      img.addEventListener("pointerdown", function (event) { dragFromHand(event, id, img); });
      fan.appendChild(img);
    });
  }

  function drawDeck() {
    var mine = seats[seat] || [];
    var wanted = document.getElementById("deck-filter").value.trim().toLowerCase();
    if (deckBox.dataset.seat !== String(seat) || deckBox.dataset.game !== mat.game) {
      deckBox.textContent = "";
      mine.forEach(function (id) {
        var button = document.createElement("button");
        button.type = "button";
        button.dataset.id = id;
        button.textContent = info[id].label;
        button.title = id;
        button.addEventListener("click", function () { hand.push(id); drawHand(); drawDeck(); });
        deckBox.appendChild(button);
      });
      deckBox.dataset.seat = String(seat);
      deckBox.dataset.game = mat.game;
    }
    Array.prototype.forEach.call(deckBox.children, function (button) {
      var id = button.dataset.id;
      var text = (info[id].label + " " + id).toLowerCase();
      button.hidden = onTable(id) || hand.indexOf(id) >= 0 || (wanted !== "" && text.indexOf(wanted) < 0);
    });
  }

  function drawLive(live) {
    if (live.version === liveVersion) { return; }
    liveVersion = live.version;
    var headline = live.headline.indexOf(live.title) === 0 ? live.headline : live.title + ": " + live.headline;
    document.getElementById("headline").textContent = live.title ? headline : "";
    var list = document.getElementById("verdicts");
    list.textContent = "";
    live.verdicts.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    });
    list.dataset.version = String(live.version);
  }

  // ---- what the station says ----------------------------------------------------------------

  var state = {};
  var polling = null;

  function poll(now) {
    if (polling && !now) { return; }
    clearTimeout(polling);
    polling = true;
    fetch("/table/state.json", { credentials: "same-origin" }).then(function (answer) {
      if (answer.status === 401) { throw new Error("signed out"); }
      if (!answer.ok) { throw new Error(String(answer.status)); }
      return answer.json();
    }).then(function (news) {
      state = news;
      var newMat = !mat || news.mat.key !== mat.key;
      mat = news.mat;
      var ready = newMat ? loadDeck() : Promise.resolve();
      return ready.then(function () {
        if (newMat) {
          matPicture.src = "/table/mat.png?m=" + encodeURIComponent(mat.key);
          layout();
        }
        if (!dragging && (newMat || news.version !== version)) {  // never pull a card from under the pointer
          version = news.version;
          cards = news.cards;
          drawTable();
          drawHand();
          drawDeck();
          board.dataset.version = String(version);
        }
        if (news.screen !== screen) {
          screen = news.screen;
          document.getElementById("oled").src = "/table/screen.png?v=" + screen;
          document.getElementById("oled").dataset.version = String(screen);
          document.getElementById("oled").alt = "The station's screen: " + (news.screen_words || "blank");
        }
        drawLive(news.live);
      });
    }).catch(function (error) {
      say(error.message === "signed out"
        ? "This browser is signed out: reload the page and type the station's PIN."
        : "The station does not answer: is it still running? (the page tries again)");
    }).then(function () {
      polling = setTimeout(function () { polling = null; poll(); }, POLL_MS);
    });
  }

  function loadDeck() {
    return fetch("/table/deck.json", { credentials: "same-origin" }).then(function (answer) {
      return answer.json();
    }).then(function (deck) {
      seats = deck.seats.map(function (group) {
        return group.map(function (card) { info[card.id] = card; return card.id; });
      });
      var chosen = seatChoice.value;
      seatChoice.textContent = "";
      seats.forEach(function (_, index) {
        var option = document.createElement("option");
        option.value = String(index);
        option.textContent = "Seat " + (index + 1);
        seatChoice.appendChild(option);
      });
      seat = Math.min(Number(chosen || 0), seats.length - 1);
      seatChoice.value = String(seat);
      delete deckBox.dataset.seat;
    });
  }

  // ---- moving cards -------------------------------------------------------------------------

  function dragFromTable(event, card, img) {
    event.preventDefault();
    img.setPointerCapture(event.pointerId);
    var start = [event.clientX, event.clientY];
    var grip = toMm(event.clientX, event.clientY);
    var moved = false;
    dragging = true;
    img.classList.add("dragging");
    function move(e) {
      if (Math.abs(e.clientX - start[0]) + Math.abs(e.clientY - start[1]) > 4) { moved = true; }
      var at = toMm(e.clientX, e.clientY);
      put(img, card.id, card.x + at[0] - grip[0], card.y + at[1] - grip[1], card.angle);
    }
    function up(e) {
      img.removeEventListener("pointermove", move);
      img.removeEventListener("pointerup", up);
      img.classList.remove("dragging");
      dragging = false;
      if (!moved) {
        picked = picked === card.id ? null : card.id;
        drawTable();
        return;
      }
      if (!onBoard(e.clientX, e.clientY)) {
        hand.push(card.id);
        post("/table/lift", { id: card.id });
        return;
      }
      var at = toMm(e.clientX, e.clientY);
      post("/table/lay", { id: card.id, x: card.x + at[0] - grip[0], y: card.y + at[1] - grip[1],
                           angle: card.angle, face_up: card.face_up });
    }
    img.addEventListener("pointermove", move);
    img.addEventListener("pointerup", up);
  }

  function dragFromHand(event, id, img) {
    event.preventDefault();
    img.setPointerCapture(event.pointerId);
    var faceUp = !document.getElementById("face-down").checked;
    var ghost = picture(id, faceUp);
    ghost.classList.add("ghost");
    dragging = true;
    size(ghost, id, scale);
    ghost.style.transform = "rotate(" + facing() + "deg)";
    document.body.appendChild(ghost);
    function follow(e) {
      var card = info[id];
      ghost.style.left = e.clientX - card.centre[0] * scale + "px";
      ghost.style.top = e.clientY - card.centre[1] * scale + "px";
    }
    function up(e) {
      img.removeEventListener("pointermove", follow);
      img.removeEventListener("pointerup", up);
      ghost.remove();
      dragging = false;
      if (!onBoard(e.clientX, e.clientY)) { return; }
      var at = toMm(e.clientX, e.clientY);
      post("/table/lay", { id: id, x: at[0], y: at[1], angle: facing(), face_up: faceUp });
    }
    follow(event);
    img.addEventListener("pointermove", follow);
    img.addEventListener("pointerup", up);
  }

  function changePicked(change) {
    var card = cards.filter(function (c) { return c.id === picked; })[0];
    if (!card) { return; }
    var next = { id: card.id, x: card.x, y: card.y, angle: card.angle, face_up: card.face_up };
    change(next);
    post("/table/lay", next);
  }

  Object.keys(TURN).forEach(function (name) {
    document.getElementById(name).addEventListener("click", function () {
      changePicked(function (card) { card.angle = ((card.angle + TURN[name]) % 360 + 360) % 360; });
    });
  });
  document.getElementById("flip").addEventListener("click", function () {
    changePicked(function (card) { card.face_up = !card.face_up; });
  });
  document.getElementById("to-top").addEventListener("click", function () { changePicked(function () {}); });
  document.getElementById("lift").addEventListener("click", function () {
    if (!picked) { return; }
    hand.push(picked);
    post("/table/lift", { id: picked });
    picked = null;
  });
  document.getElementById("clear-table").addEventListener("click", function () {
    cards.forEach(function (c) { if (hand.indexOf(c.id) < 0 && (seats[seat] || []).indexOf(c.id) >= 0) { hand.push(c.id); } });
    post("/table/lift", { id: "all" });
  });

  // ---- a hand passing over ------------------------------------------------------------------

  var handTool = document.getElementById("hand-tool");
  handTool.addEventListener("pointerdown", function (event) {
    event.preventDefault();
    handTool.setPointerCapture(event.pointerId);
    var who = "seat" + (seat + 1);
    var last = 0;
    function move(e) {
      if (!onBoard(e.clientX, e.clientY) || Date.now() - last < HAND_EVERY_MS) { return; }
      last = Date.now();
      var at = toMm(e.clientX, e.clientY);
      post("/table/hand", { who: who, x: at[0], y: at[1] });
    }
    function up() {
      handTool.removeEventListener("pointermove", move);
      handTool.removeEventListener("pointerup", up);
      handTool.removeEventListener("pointercancel", up);
      post("/table/hand", { who: who, x: null });
    }
    handTool.addEventListener("pointermove", move);
    handTool.addEventListener("pointerup", up);
    handTool.addEventListener("pointercancel", up);  // a touch the browser took over lifts the hand too
  });

  // ---- the station's buttons ----------------------------------------------------------------

  Array.prototype.forEach.call(document.querySelectorAll(".station-button"), function (button) {
    button.addEventListener("click", function () {
      var long = document.getElementById("long-press");
      post("/table/press", { button: button.dataset.button, long: long.checked });
      long.checked = false;
    });
  });

  seatChoice.addEventListener("change", function () {
    seat = Number(seatChoice.value);
    hand = [];
    drawHand();
    drawDeck();
  });
  document.getElementById("deck-filter").addEventListener("input", drawDeck);
  window.addEventListener("resize", function () { if (mat) { layout(); drawTable(); drawHand(); } });

  poll();
}());
