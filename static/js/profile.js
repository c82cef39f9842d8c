/* The player profile's charts, drawn with the vendored Chart.js from the JSON the page embeds.
 *
 * The page works without this script: every chart has a data table with the same numbers
 * (static/js/charts.js says how they fold away). The score progression
 * figure is swapped by htmx when another game is chosen; it brings its own JSON
 * (#progression-data), and its chart is drawn again after the swap.
 */
(function () {
  "use strict";

  var C = window.TrickbookCharts; // static/js/charts.js
  var INK = C.INK;
  var GRID = C.GRID;
  var ACCENT = C.ACCENT;
  var PALETTE = C.PALETTE;
  var DASHES = C.DASHES;
  var POINTS = C.POINTS;
  var readJSON = C.readJSON;
  var draw = C.draw;
  var options = C.options;

  function ratingChart(data) {
    var history = data.ratingHistory || [];
    if (!history.length) {
      return;
    }
    var types = [];
    history.forEach(function (point) {
      if (types.indexOf(point.game_type) < 0) {
        types.push(point.game_type);
      }
    });
    var datasets = [];
    types.forEach(function (type, index) {
      var names = data.gameNames || {};
      var prefix = types.length > 1 ? (names[type] || type) + ": " : "";
      function values(field) {
        return history.map(function (point) {
          return point.game_type === type ? point[field] : null;
        });
      }
      datasets.push({
        label: prefix + data.labels.rating,
        data: values("ordinal"),
        borderColor: index ? PALETTE[index % PALETTE.length] : ACCENT,
        backgroundColor: index ? PALETTE[index % PALETTE.length] : ACCENT,
        borderWidth: 3,
        pointStyle: "circle",
        pointRadius: 3,
        spanGaps: true,
      });
      datasets.push({
        label: prefix + data.labels.skill,
        data: values("mu"),
        borderColor: PALETTE[index % PALETTE.length],
        backgroundColor: PALETTE[index % PALETTE.length],
        borderWidth: 2,
        borderDash: DASHES[0],
        pointStyle: "rect",
        pointRadius: 3,
        spanGaps: true,
      });
    });
    draw("rating-chart", {
      type: "line",
      data: {
        labels: history.map(function (point) {
          return point.played_at;
        }),
        datasets: datasets,
      },
      options: options(data.labels.date, data.labels.ratingAxis),
    });
  }

  function contractsChart(data) {
    var rows = data.contracts || [];
    if (!rows.length) {
      return;
    }
    draw("contracts-chart", {
      type: "bar",
      data: {
        labels: rows.map(function (row) {
          return String(row.cards);
        }),
        datasets: [
          {
            label: data.labels.made,
            data: rows.map(function (row) {
              return row.percent;
            }),
            backgroundColor: ACCENT,
            borderColor: INK,
            borderWidth: 1,
          },
        ],
      },
      options: options(data.labels.cards, data.labels.made, {
        scales: {
          x: { title: { display: true, text: data.labels.cards, color: INK }, ticks: { color: INK }, grid: { display: false } },
          y: {
            min: 0,
            max: 100,
            title: { display: true, text: data.labels.made, color: INK },
            ticks: { color: INK },
            grid: { color: GRID },
          },
        },
      }),
    });
  }

  function progressionChart(labels) {
    var progression = readJSON("progression-data");
    if (!progression) {
      return;
    }
    var others = 0;
    var datasets = progression.players.map(function (player) {
      if (player.me) {
        return {
          label: player.name + " (" + labels.thisPlayer + ")",
          data: player.totals,
          borderColor: ACCENT,
          backgroundColor: ACCENT,
          borderWidth: 5,
          pointStyle: "circle",
          pointRadius: 4,
          order: 0,
        };
      }
      var index = others++;
      return {
        label: player.name,
        data: player.totals,
        borderColor: PALETTE[index % PALETTE.length],
        backgroundColor: PALETTE[index % PALETTE.length],
        borderWidth: 2,
        borderDash: DASHES[index % DASHES.length],
        pointStyle: POINTS[index % POINTS.length],
        pointRadius: 3,
        order: 1,
      };
    });
    draw("progression-chart", {
      type: "line",
      data: { labels: progression.deals.map(String), datasets: datasets },
      options: options(labels.deal, labels.total),
    });
  }

  function drawAll() {
    var data = readJSON("profile-data");
    if (data) {
      ratingChart(data);
      contractsChart(data);
      progressionChart(data.labels);
    }
    return data;
  }

  function init() {
    if (!window.Chart) {
      return;
    }
    window.Chart.defaults.color = INK;
    window.Chart.defaults.font.family = window.getComputedStyle(document.body).fontFamily;
    var data = drawAll();
    if (!data) {
      return;
    }

    document.body.addEventListener("htmx:beforeSwap", function (event) {
      if (event.detail.target && event.detail.target.id === "progression") {
        var old = window.Chart.getChart("progression-chart");
        if (old) {
          old.destroy();
        }
      }
    });
    document.body.addEventListener("htmx:afterSettle", function () {
      var canvas = document.getElementById("progression-chart");
      if (canvas && !window.Chart.getChart(canvas)) {
        progressionChart(data.labels);
      }
    });
    // Back and forward after a swap: htmx puts back a copy of the page, whose canvases are blank.
    document.body.addEventListener("htmx:historyRestore", function () {
      data = drawAll() || data;
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
