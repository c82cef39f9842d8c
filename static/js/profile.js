/* The player profile's charts, drawn with the vendored Chart.js from the JSON the page embeds.
 *
 * The page works without this script: every chart has a data table with the same numbers,
 * open by default. Once a chart is drawn its table folds away behind its <details> summary
 * (still one click or key press away, and opened again for printing). The score progression
 * figure is swapped by htmx when another game is chosen; it brings its own JSON
 * (#progression-data), and its chart is drawn again after the swap.
 */
(function () {
  "use strict";

  // Dark enough to reach 3:1 against the page (WCAG 1.4.11); lines also differ by dash and point shape.
  var INK = "#1b1f24";
  var GRID = "#d4d0c4";
  var ACCENT = "#7a1c1c";
  var PALETTE = ["#1f5fbf", "#1b6e3a", "#6b3fa0", "#8a5300", "#00707a", "#4a4a4a", "#a3195b"];
  var DASHES = [[6, 4], [2, 3], [10, 3, 2, 3], [1, 4], [12, 6], [4, 2, 1, 2], [8, 2]];
  var POINTS = ["rect", "triangle", "rectRot", "crossRot", "star", "rectRounded", "cross"];

  function readJSON(id) {
    var element = document.getElementById(id);
    return element ? JSON.parse(element.textContent) : null;
  }

  function draw(canvasId, config) {
    var canvas = document.getElementById(canvasId);
    if (!canvas || !window.Chart) {
      return null;
    }
    var previous = window.Chart.getChart(canvas);
    if (previous) {
      previous.destroy();
    }
    var chart = new window.Chart(canvas, config);
    var details = canvas.closest("figure").querySelector("details.chart-data");
    if (details) {
      details.open = false;
    }
    return chart;
  }

  function options(xTitle, yTitle, extra) {
    var base = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: { legend: { labels: { usePointStyle: true, color: INK, font: { size: 13 } } } },
      scales: {
        x: { title: { display: true, text: xTitle, color: INK }, ticks: { color: INK }, grid: { color: GRID } },
        y: { title: { display: true, text: yTitle, color: INK }, ticks: { color: INK }, grid: { color: GRID } },
      },
    };
    return Object.assign(base, extra || {});
  }

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
      var prefix = types.length > 1 ? type + ": " : "";
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
    // A printout has no <details> to open: show every data table on paper.
    window.addEventListener("beforeprint", function () {
      document.querySelectorAll("details.chart-data").forEach(function (details) {
        details.open = true;
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
