/* The scorekeeper's own guess at the step its waiting entries lead to (static/js/scorekeeper.js
 * sends them; this file only shows where they lead).
 *
 * The server runs the rules and answers each entry with the panel. While entries wait (with no
 * connection, or for a moment before the answer) the page cannot ask it what comes next, so this
 * file follows an Oh Hell deal far enough to show the next step itself: the trump card, then the
 * bids in turn from the player left of the dealer, then the cards, each trick led by the winner of
 * the one before (the highest trump, or the highest card of the led suit), then the next deal of
 * the schedule -- or the tricks each player took, in that mode. It starts from the deal as the
 * server last replayed it (the panel's #sk-offline: scorekeeper.pages.offline_data) and enforces
 * nothing the server checks: following suit, a change of bid too late, an exposed card. The
 * server's answer replaces the guess; what it refuses, the page reports.
 *
 * The words are the page's, in the reader's language (offline_data's "words").
 */
(function () {
  "use strict";

  var RANKS = "23456789TJQKA";

  function fill(n, value) {
    var out = [];
    for (var i = 0; i < n; i += 1) {
      out.push(value);
    }
    return out;
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  // --- the deal, step by step -----------------------------------------------------------------

  function full(trick) {
    return trick.indexOf(null) < 0;
  }

  /* The position (from the leader) that takes a full trick: "Взятку забирает игрок, который
   * положит старший козырь, или старшую карту в масти карты первого хода". */
  function winner(trick, trump) {
    var trumps = trump ? trump.slice(-1) : null;
    var led = trick[0].slice(-1);
    var best = 0;
    var power = -1;
    trick.forEach(function (card, pos) {
      var suit = card.slice(-1);
      var rank = RANKS.indexOf(card.charAt(0));
      var p = suit === trumps ? 100 + rank : suit === led ? rank : -1;
      if (p > power) {
        best = pos;
        power = p;
      }
    });
    return best;
  }

  function phaseOf(deal) {
    if (deal.over) {
      return "complete";
    }
    if (!deal.trump_set) {
      return "trump";
    }
    if (deal.bids.indexOf(null) >= 0) {
      return "bidding";
    }
    return deal.closed + (full(deal.trick) ? 1 : 0) >= deal.cards ? "played_out" : "play";
  }

  /* What the page asks for: the phase, or the tricks taken in that mode (no card entered). */
  function stepOf(data, deal) {
    var phase = phaseOf(deal);
    return phase === "play" && data.mode === "taken" && !deal.cards_played ? "taken" : phase;
  }

  /* A new deal of the schedule's row; past the last row, the game is over. */
  function dealOf(data, number, row, redeal) {
    var n = data.players.length;
    var planned = data.rows[row];
    if (!planned) {
      return { over: true, number: number };
    }
    return {
      number: number,
      row: row,
      redeal: redeal,
      dealer: planned.dealer,
      cards: planned.cards,
      trump: null,
      trump_set: planned.no_trump,
      bids: fill(n, null),
      blind: fill(n, false),
      bid_turn: (planned.dealer + 1) % n,
      leader: (planned.dealer + 1) % n,
      trick: fill(n, null),
      closed: 0,
      taken: fill(n, 0),
      out: [],
      cards_played: false,
      next: null,
    };
  }

  /* The deal as the server answered it. */
  function start(data) {
    var deal = JSON.parse(JSON.stringify(data.deal));
    var planned = data.rows[deal.row];
    deal.dealer = planned.dealer;
    deal.cards = planned.cards;
    deal.next = data.next;
    return deal;
  }

  function nextUnbid(deal, seat) {
    var n = deal.bids.length;
    for (var step = 1; step < n; step += 1) {
      if (deal.bids[(seat + step) % n] === null) {
        return (seat + step) % n;
      }
    }
    return null;
  }

  function toPlay(deal) {
    var n = deal.trick.length;
    var pos = deal.trick.indexOf(null);
    return (deal.leader + (pos < 0 ? winner(deal.trick, deal.trump) : pos)) % n;
  }

  function closeTrick(deal) {
    var won = toPlay(deal);
    deal.taken[won] += 1;
    deal.closed += 1;
    deal.leader = won;
    deal.trick = fill(deal.trick.length, null);
  }

  /* The deal after one more entry, or null where this file cannot follow (a card taken back). */
  function feed(data, deal, fields) {
    var kind = fields.kind;
    var phase = phaseOf(deal);
    if (phase === "complete") {
      return null;
    }
    if (phase === "played_out" && kind !== "take_back" && kind !== "held") {
      // The next entry that is not a correction starts the next deal.
      var next = deal.next || { row: deal.row + 1, redeal: false };
      deal = dealOf(data, deal.number + 1, next.row, next.redeal);
      phase = phaseOf(deal);
      if (phase === "complete") {
        return null;
      }
    }
    if (kind === "trump") {
      if (phase !== "trump") {
        return null;
      }
      deal.trump = fields.card || null;
      deal.trump_set = true;
      if (deal.trump) {
        deal.out.push(deal.trump);
      }
      return deal;
    }
    if (kind === "bid") {
      if (phase !== "bidding" && !(phase === "play" && !deal.cards_played)) {
        return null;
      }
      var seat = fields.seat !== undefined && fields.seat !== "" ? Number(fields.seat) : deal.bid_turn;
      if (seat === null || !(seat >= 0 && seat < deal.bids.length)) {
        return null;
      }
      var first = deal.bids[seat] === null;
      deal.bids[seat] = Number(fields.value);
      deal.blind[seat] = !!fields.blind;
      if (first && seat === deal.bid_turn) {
        deal.bid_turn = nextUnbid(deal, seat); // a bid out of turn leaves the turn where it was
      }
      return deal;
    }
    if (kind === "play") {
      if (phase !== "play" || !fields.card) {
        return null;
      }
      if (full(deal.trick)) {
        closeTrick(deal); // the next lead takes the full trick off the table
      }
      deal.trick[deal.trick.indexOf(null)] = fields.card;
      deal.out.push(fields.card);
      deal.cards_played = true;
      return deal;
    }
    if (kind === "taken" || kind === "renege") {
      if (phase !== "play" || deal.cards_played) {
        return null;
      }
      // A renege marked annuls the deal: the same dealer deals the same row again.
      var again = kind === "renege";
      return dealOf(data, deal.number + 1, again ? deal.row : deal.row + 1, again);
    }
    if (kind === "expose" || kind === "out_of_turn" || kind === "held") {
      return deal; // the card stays face up; the turn stays where it was
    }
    return null;
  }

  /* Where the waiting entries lead from the panel's deal: {data, deal, last} (the last entry
   * still standing among them), or null when this file cannot follow them. An undo takes back the
   * last waiting entry; one that would take back an entry already answered cannot be followed. */
  function guess(panel, queue) {
    var node = panel.querySelector("#sk-offline");
    var data = null;
    try {
      data = node ? JSON.parse(node.textContent) : null;
    } catch (e) {
      data = null;
    }
    if (!data) {
      return null;
    }
    var standing = [];
    for (var i = 0; i < queue.length; i += 1) {
      if (queue[i].kind !== "undo") {
        standing.push(queue[i]);
      } else if (!standing.pop()) {
        return null;
      }
    }
    var deal = start(data);
    for (var k = 0; k < standing.length && deal; k += 1) {
      deal = feed(data, deal, standing[k]);
    }
    return deal ? { data: data, deal: deal, last: standing[standing.length - 1] || null } : null;
  }

  // --- the panel, as the guess has it -----------------------------------------------------------

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function cardSpan(code, names) {
    return make("span", "card" + ("HD".indexOf(code.slice(-1)) >= 0 ? " red" : ""), names[code] || code);
  }

  function bidText(deal, seat) {
    var bid = deal.bids[seat];
    return bid === null ? "—" : bid + (deal.blind[seat] ? "*" : "");
  }

  /* Once everyone has bid: over, under or even, and by how many ("Счетчик объявляет о завышении,
   * занижении или балансе торговли по сдаче"). */
  function balanceOf(deal) {
    if (deal.over || deal.bids.indexOf(null) >= 0) {
      return null;
    }
    var sum = deal.bids.reduce(function (a, b) {
      return a + b;
    }, 0);
    return { kind: sum > deal.cards ? "over" : sum < deal.cards ? "under" : "even", by: Math.abs(sum - deal.cards), sum: sum };
  }

  function speakingOrder(dealer, n) {
    var order = [];
    for (var i = 1; i <= n; i += 1) {
      order.push((dealer + i) % n);
    }
    return order;
  }

  /* The dealer hook, where the ruleset plays it: the dealer's bid may not make the bids add up. */
  function forbiddenBid(data, deal) {
    if (!data.dealer_hook || deal.bid_turn !== deal.dealer) {
      return null;
    }
    var sum = 0;
    for (var s = 0; s < deal.bids.length; s += 1) {
      if (s !== deal.dealer) {
        if (deal.bids[s] === null) {
          return null;
        }
        sum += deal.bids[s];
      }
    }
    return deal.cards - sum;
  }

  /* Show the guess on the panel: every part of the step it leads to, the server's own parts
   * (irregularities, warnings, the last answer's error) hidden. */
  function show(panel, g, names) {
    var data = g.data;
    var deal = g.deal;
    var words = data.words;
    var players = data.players;
    var n = players.length;
    var total = data.rows.length;
    var step = stepOf(data, deal);
    var over = step === "complete";

    function one(selector) {
      return panel.querySelector(selector);
    }
    function each(selector, callback) {
      Array.prototype.forEach.call(panel.querySelectorAll(selector), callback);
    }
    function hide(selector, hidden) {
      each(selector, function (node) {
        node.hidden = hidden;
      });
    }
    function say(selector, text) {
      each(selector, function (node) {
        node.textContent = text;
      });
    }

    if (!one("#step-heading") || !one("[data-prompt]")) {
      return false;
    }
    hide("[data-answered], [data-error]", true);

    // The deal: its number, dealer, cards and trump.
    if (!over) {
      say("[data-deal-title]", format(words.deal, { n: deal.number, slot: deal.row + 1, total: total }));
      hide("[data-redeal]", !deal.redeal);
      say("[data-dealer]", players[deal.dealer]);
      say("[data-cards]", deal.cards);
      say("[data-first-bidder]", players[(deal.dealer + 1) % n]);
      var trump = one("[data-trump]");
      if (trump) {
        trump.textContent = deal.trump ? "" : deal.trump_set ? words.no_trump : "—";
        if (deal.trump) {
          trump.appendChild(cardSpan(deal.trump, names));
        }
      }
    }

    // The bids in speaking order, and the balance once everyone has bid.
    hide("[data-bids-box]", over || step === "trump");
    var list = one("[data-bids]");
    if (list && !over) {
      var mark = list.querySelector("[data-dealer-mark]");
      list.textContent = "";
      speakingOrder(deal.dealer, n).forEach(function (seat) {
        var item = make("li", (step === "bidding" && seat === deal.bid_turn ? "turn" : "") + (seat === deal.dealer ? " dealer" : ""));
        item.setAttribute("data-seat", seat);
        var name = make("span", "sk-name", players[seat]);
        if (seat === deal.dealer && mark) {
          name.appendChild(document.createTextNode(" "));
          name.appendChild(mark);
        }
        var bid = make("strong", "sk-bid", bidText(deal, seat));
        bid.setAttribute("data-bid", "");
        item.appendChild(name);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(bid);
        list.appendChild(item);
      });
    }
    var balance = balanceOf(deal);
    var line = one("[data-balance]");
    if (line) {
      line.hidden = !balance;
      if (balance) {
        line.className = "sk-balance sk-" + balance.kind;
        say("[data-balance-text]", balance.kind === "even" ? words.even : words[balance.kind + "_by"][balance.by] || "");
        say("[data-balance-sum]", format(words.sum, { sum: balance.sum, cards: deal.cards }));
      }
    }

    // The prompt: what the page waits for, and from whom.
    var prompt = {
      trump: words.trump,
      bidding: format(words.to_bid, { name: players[deal.bid_turn] || "" }),
      taken: words.taken,
      played_out: words.played_out,
      complete: words.game_over,
    }[step];
    if (step === "play") {
      var number = deal.closed + 1 + (full(deal.trick) ? 1 : 0);
      prompt = format(words.to_play, { n: number, name: players[toPlay(deal)] });
    }
    say("[data-prompt]", prompt);

    // The trick on the table, and the tricks taken so far against the bids.
    var playing = step === "play" || step === "played_out";
    hide("[data-trick-box], [data-progress-box]", !playing);
    var trick = one("[data-trick]");
    if (trick && playing) {
      trick.textContent = "";
      deal.trick.forEach(function (card, pos) {
        if (card) {
          var item = make("li");
          var seat = (deal.leader + pos) % n;
          item.appendChild(make("span", "sk-name", players[seat]));
          item.appendChild(document.createTextNode(" "));
          var span = cardSpan(card, names);
          span.setAttribute("data-trick-card", card);
          item.appendChild(span);
          trick.appendChild(item);
        }
      });
    }
    var progress = one("[data-progress]");
    if (progress && playing) {
      var taken = deal.taken.slice();
      if (full(deal.trick)) {
        taken[toPlay(deal)] += 1;
      }
      progress.textContent = "";
      players.forEach(function (player, seat) {
        var item = make("li", "", player + " ");
        item.appendChild(make("strong", "", taken[seat]));
        item.appendChild(document.createTextNode("/" + bidText(deal, seat).replace("*", "")));
        progress.appendChild(item);
      });
    }

    // After the last card: the deal that comes next, and its first entry.
    var next = null;
    if (step === "played_out") {
      var after = deal.next || { row: deal.row + 1, redeal: false };
      var planned = data.rows[after.row];
      if (planned) {
        next = { row: after.row, planned: planned, redeal: after.redeal, first: (planned.dealer + 1) % n };
      }
    }
    hide("[data-upcoming]", !next);
    if (next) {
      say(
        "[data-upcoming-title]",
        format(words.next, { n: deal.number + 1, slot: next.row + 1, total: total }) +
          (next.redeal ? " · " + words.redeal : "")
      );
      say("[data-upcoming-dealer]", players[next.planned.dealer]);
      say("[data-upcoming-cards]", next.planned.cards);
      say(
        "[data-upcoming-step]",
        next.planned.no_trump ? format(words.next_no_trump, { name: players[next.first] }) : words.trump
      );
    }

    // The card grid: the trump card, or a card of the trick; the cards out of the hands greyed.
    var cardForm = one("[data-card-form]");
    if (cardForm) {
      var turning = step === "trump" || (next !== null && !next.planned.no_trump);
      cardForm.hidden = !(turning || step === "play");
      each("[data-card-kind]", function (input) {
        input.value = turning ? "trump" : "play";
      });
      each("[data-card]", function (button) {
        var out = !turning && deal.out.indexOf(button.getAttribute("data-card")) >= 0;
        button.disabled = out;
        if (out) {
          button.setAttribute("aria-disabled", "true");
        } else {
          button.removeAttribute("aria-disabled");
        }
      });
    }

    // The bid pad: a key per bid from 0 to the cards, for this deal (or the next one, played
    // without trumps); the player chosen is whose turn it is.
    var padForm = one("[data-bid-form]");
    var pad = one("[data-pad]");
    var key = pad && pad.querySelector("[data-bid-value]");
    if (padForm && pad && key) {
      var bidding = step === "bidding";
      padForm.hidden = !(bidding || (next !== null && next.planned.no_trump));
      hide("[data-bid-extra]", !bidding);
      var cards = bidding ? deal.cards : next ? next.planned.cards : deal.cards;
      var forbidden = bidding ? forbiddenBid(data, deal) : null;
      key = key.cloneNode(true);
      pad.textContent = "";
      for (var v = 0; v <= cards; v += 1) {
        var button = key.cloneNode(true);
        button.value = String(v);
        button.textContent = String(v);
        button.setAttribute("data-bid-value", v);
        button.disabled = v === forbidden;
        if (v === forbidden) {
          button.setAttribute("aria-disabled", "true");
          button.title = words.hook;
        } else {
          button.removeAttribute("aria-disabled");
          button.removeAttribute("title");
        }
        pad.appendChild(button);
      }
      var select = one("[data-seat-select]");
      if (select) {
        var dealer = bidding ? deal.dealer : next ? next.planned.dealer : deal.dealer;
        var turn = bidding ? deal.bid_turn : (dealer + 1) % n;
        select.textContent = "";
        speakingOrder(dealer, n).forEach(function (seat) {
          var note = "";
          if (bidding && deal.bids[seat] !== null) {
            note = words.change_bid;
          } else if (bidding && seat !== turn) {
            note = words.out_of_turn;
          }
          var option = make("option", "", players[seat] + (note ? " — " + note : ""));
          option.value = String(seat);
          option.defaultSelected = option.selected = seat === turn;
          select.appendChild(option);
        });
      }
      each("[data-blind]", function (box) {
        box.checked = false;
      });
    }

    // The tricks each player took, in that mode.
    hide("[data-taken-box]", step !== "taken");
    if (step === "taken") {
      each("[data-taken-bid]", function (node, seat) {
        node.textContent = "(" + format(words.bid_of, { bid: bidText(deal, seat) }) + ")";
      });
      each(".sk-taken input[type=number]", function (input) {
        input.max = String(deal.cards);
      });
    }

    // The sheet's row of the deal in progress (the server's rows stay as it scored them).
    var row = one("#sk-current");
    if (row) {
      row.hidden = over || step === "trump" || step === "played_out";
      if (!row.hidden) {
        say("[data-current-deal]", deal.number);
        say("[data-current-dealer]", players[deal.dealer]);
        say("[data-current-cards]", deal.cards);
        var cell = one("[data-current-trump]");
        if (cell) {
          cell.textContent = deal.trump ? "" : words.sheet_no_trump;
          if (deal.trump) {
            cell.appendChild(cardSpan(deal.trump, names));
          }
        }
        say("[data-current-balance]", balance ? words.sheet_balance[balance.kind] : "");
        each("[data-current-bid]", function (td) {
          var seat = Number(td.getAttribute("data-current-bid"));
          td.textContent = deal.bids[seat] === null ? "" : bidText(deal, seat);
          td.classList.toggle("dealer", seat === deal.dealer);
        });
      }
    }
    return true;
  }

  window.ScorekeeperOffline = { guess: guess, show: show, format: format };
})();
