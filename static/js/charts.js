/* What the pages' charts share (profile.js, analytics.js): the colours, reading the JSON a page
 * embeds, the axes, and drawing a chart over its data table.
 *
 * Every chart sits in a <figure> with a <details class="chart-data"> table holding the same
 * numbers, open by default so the page works without scripts; once the chart is drawn the table
 * folds away (one click or key press away, and opened again for printing).
 */
window.TrickbookCharts = (function () {
  "use strict";

  // Dark enough to reach 3:1 against the page (WCAG 1.4.11); lines also differ by dash and point shape.
  var colours = {
    INK: "#1b1f24",
    GRID: "#d4d0c4",
    ACCENT: "#7a1c1c",
    PALETTE: ["#1f5fbf", "#1b6e3a", "#6b3fa0", "#8a5300", "#00707a", "#4a4a4a", "#a3195b"],
    DASHES: [[6, 4], [2, 3], [10, 3, 2, 3], [1, 4], [12, 6], [4, 2, 1, 2], [8, 2]],
    POINTS: ["rect", "triangle", "rectRot", "crossRot", "star", "rectRounded", "cross"],
  };

  function readJSON(id) {
    var element = document.getElementById(id);
    return element ? JSON.parse(element.textContent) : null;
  }

  /* A chart on ``canvas`` (the element or its id), replacing any drawn there; null without Chart.js.
   * A chart of the same type already there is given the new data and redrawn rather than
   * destroyed: destroying puts the canvas's style attribute back, which the site's
   * Content-Security-Policy (no inline style) refuses. */
  function draw(canvas, config) {
    if (typeof canvas === "string") {
      canvas = document.getElementById(canvas);
    }
    if (!canvas || !window.Chart) {
      return null;
    }
    var previous = window.Chart.getChart(canvas);
    var chart;
    if (previous && previous.config.type === config.type) {
      previous.data = config.data;
      previous.options = config.options || {};
      previous.update();
      chart = previous;
    } else {
      if (previous) {
        previous.destroy();
      }
      chart = new window.Chart(canvas, config);
    }
    var figure = canvas.closest("figure");
    var details = figure && figure.querySelector("details.chart-data");
    if (details) {
      details.open = false;
    }
    return chart;
  }

  function options(xTitle, yTitle, extra) {
    var ink = colours.INK;
    var base = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: { legend: { labels: { usePointStyle: true, color: ink, font: { size: 13 } } } },
      scales: {
        x: { title: { display: true, text: xTitle, color: ink }, ticks: { color: ink }, grid: { color: colours.GRID } },
        y: { title: { display: true, text: yTitle, color: ink }, ticks: { color: ink }, grid: { color: colours.GRID } },
      },
    };
    return Object.assign(base, extra || {});
  }

  // A printout has no <details> to open: show every data table on paper.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.chart-data").forEach(function (details) {
      details.open = true;
    });
  });

  return Object.assign({ readJSON: readJSON, draw: draw, options: options }, colours);
})();
