/* The luck-and-skill charts of the player profile (games/pages/analytics.py player_section), drawn with
 * the vendored Chart.js from the JSON the page embeds (#analytics-data).
 *
 * As with the profile's other charts, the page works without this script: each chart has a table with
 * the same numbers (static/js/charts.js).
 */
(function () {
  "use strict";

  var C = window.TrickbookCharts; // static/js/charts.js
  var INK = C.INK;
  var ACCENT = C.ACCENT;
  var SECOND = C.PALETTE[0];
  var readJSON = C.readJSON;
  var draw = C.draw;
  var axes = C.options;

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
