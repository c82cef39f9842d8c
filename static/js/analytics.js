/* The luck-and-skill charts of the player profile (games/pages/analytics.py player_section), drawn with
 * the vendored Chart.js from the JSON the page embeds (#analytics-data).
 *
 * As with the profile's other charts, the page works without this script: each chart has a table with
 * the same numbers, open by default, folded away once the chart is drawn.
 */
(function () {
  "use strict";

  var INK = "#1b1f24";
  var GRID = "#d4d0c4";
  var ACCENT = "#7a1c1c";
  var SECOND = "#1f5fbf";

  function readJSON(id) {
    var element = document.getElementById(id);
    return element ? JSON.parse(element.textContent) : null;
  }

  function axes(xTitle, yTitle) {
    return {
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
  }

  function draw(canvas, config) {
    var previous = window.Chart.getChart(canvas);
    if (previous) {
      previous.destroy();
    }
    new window.Chart(canvas, config);
    var details = canvas.closest("figure") && canvas.closest("figure").querySelector("details.chart-data");
    if (details) {
      details.open = false;
    }
  }

  function bidErrorChart(canvas, section, labels) {
    var rows = section.bid_error_by_cards;
    draw(canvas, {
      type: "bar",
      data: {
        labels: rows.map(function (row) {
          return String(row.cards);
        }),
        datasets: [
          {
            label: labels.meanAbs,
            data: rows.map(function (row) {
              return row.mean_abs;
            }),
            backgroundColor: ACCENT,
            borderColor: INK,
            borderWidth: 1,
            pointStyle: "rect",
          },
          {
            label: labels.meanSigned,
            data: rows.map(function (row) {
              return row.mean_signed;
            }),
            backgroundColor: SECOND,
            borderColor: INK,
            borderWidth: 1,
            pointStyle: "triangle",
          },
        ],
      },
      options: axes(labels.cards, labels.tricks),
    });
  }

  function luckChart(canvas, section, labels) {
    var points = section.luck_over_time;
    draw(canvas, {
      type: "line",
      data: {
        labels: points.map(function (point) {
          return point.played_at;
        }),
        datasets: [
          {
            label: labels.luck + (section.luck_unit ? " (" + section.luck_unit + ")" : ""),
            data: points.map(function (point) {
              return point.luck;
            }),
            borderColor: ACCENT,
            backgroundColor: ACCENT,
            borderWidth: 3,
            pointStyle: "circle",
            pointRadius: 3,
          },
        ],
      },
      options: axes(labels.date, section.luck_unit || labels.luck),
    });
  }

  function tournamentChart() {
    var chart = readJSON("tournament-analytics-data");
    var canvas = document.getElementById("tournament-luck-chart");
    if (!chart || !canvas) {
      return;
    }
    draw(canvas, {
      type: "bar",
      data: {
        labels: chart.players,
        datasets: [
          {
            label: chart.label + (chart.unit ? " (" + chart.unit + ")" : ""),
            data: chart.luck,
            backgroundColor: ACCENT,
            borderColor: INK,
            borderWidth: 1,
            pointStyle: "rect",
          },
        ],
      },
      options: Object.assign(axes(chart.unit || chart.label, ""), { indexAxis: "y" }),
    });
  }

  function init() {
    if (!window.Chart) {
      return;
    }
    tournamentChart();
    var data = readJSON("analytics-data");
    if (!data) {
      return;
    }
    data.sections.forEach(function (section) {
      document.querySelectorAll('canvas.bid-error-chart[data-game-type="' + section.game_type + '"]').forEach(function (canvas) {
        bidErrorChart(canvas, section, data.labels);
      });
      document.querySelectorAll('canvas.luck-chart[data-game-type="' + section.game_type + '"]').forEach(function (canvas) {
        luckChart(canvas, section, data.labels);
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
