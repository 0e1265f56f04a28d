/**
 * The tracking page's script, served from /track-assets (CSP: script-src
 * 'self'). Plain ES2017 for any phone browser; it needs no token: the state
 * and the server-sent events ride on the page's own session cookie (if any).
 * Kept as a string so the service has no build step and bundles as is; the
 * Chromium tests in test/e2e/tracking-page exercise every branch of it.
 */
export const TRACKING_PAGE_SCRIPT = String.raw`(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var mapEl = $('map');
  var statusEl = $('status');
  var speedEl = $('speed');
  var updatedEl = $('updated');
  var etaEl = $('eta');
  var tilesNote = $('tiles-note');
  var nameEl = $('asset-name');
  var base = location.pathname.replace(/\/+$/, '');
  var hasLeaflet = typeof window.L !== 'undefined';

  var current = null;
  var serverOffset = 0;
  var map = null;
  var marker = null;
  var track = null;
  var showsHistory = false;

  function leave() {
    // The server decides what comes next: the 410 page, the sign-in form, or the page again.
    location.replace(base);
  }

  function setStatus(text, kind) {
    statusEl.textContent = text;
    statusEl.className = 'status' + (kind ? ' ' + kind : '');
  }

  function ago(ms) {
    var s = Math.max(0, Math.round(ms / 1000));
    if (s < 5) return 'just now';
    if (s < 60) return s + ' s ago';
    var m = Math.floor(s / 60);
    if (m < 60) return m + ' min ago';
    var h = Math.floor(m / 60);
    if (h < 24) return h + ' h ' + (m % 60) + ' min ago';
    return new Date(Date.now() - ms).toLocaleString();
  }

  function clock(iso) {
    return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }

  function renderAge() {
    if (!current || !current.position) {
      updatedEl.textContent = '–';
      return;
    }
    var age = Date.now() + serverOffset - Date.parse(current.position.at);
    updatedEl.textContent = ago(age);
  }

  // Room for the marker's icon above its point and for the controls.
  var FIT = { paddingTopLeft: [40, 70], paddingBottomRight: [30, 30], maxZoom: 16 };

  function initMap(snapshot) {
    if (!hasLeaflet) {
      tilesNote.textContent = 'The map could not be loaded.';
      tilesNote.hidden = false;
      return;
    }
    var L = window.L;
    map = L.map(mapEl, { zoomControl: true, attributionControl: true });
    var tiles = L.tileLayer(mapEl.getAttribute('data-tile-url'), {
      maxZoom: 19,
      attribution: mapEl.getAttribute('data-tile-attribution'),
      // The tile host learns the site, never the page address (it carries the link's uuid).
      referrerPolicy: 'strict-origin-when-cross-origin'
    });
    var loaded = 0;
    var failed = 0;
    function showNote(show) {
      tilesNote.hidden = !show;
    }
    tiles.on('tileload', function () {
      loaded += 1;
      showNote(false);
    });
    tiles.on('tileerror', function () {
      failed += 1;
      if (loaded === 0 && failed >= 2) showNote(true);
    });
    tiles.addTo(map);
    if (typeof ResizeObserver !== 'undefined') {
      // The header grows when the ETA wraps; Leaflet only watches the window, so tell it.
      new ResizeObserver(function () {
        map.invalidateSize({ animate: false });
      }).observe(mapEl);
    }
    L.control.scale({ imperial: false, maxWidth: 120 }).addTo(map);

    var bounds = null;
    if (snapshot.history) {
      showsHistory = true;
      track = L.polyline(snapshot.history, { color: '#0b63ce', weight: 4, opacity: 0.75 }).addTo(map);
      if (snapshot.history.length > 1) bounds = track.getBounds();
    }
    var p = snapshot.position;
    if (p) {
      marker = L.marker([p.lat, p.lon], { title: nameEl.textContent, keyboard: false, alt: nameEl.textContent });
      marker.addTo(map);
      if (bounds) {
        bounds.extend([p.lat, p.lon]);
        map.fitBounds(bounds, FIT);
      } else {
        map.setView([p.lat, p.lon], 15);
      }
    } else if (bounds) {
      map.fitBounds(bounds, FIT);
    } else {
      map.setView([20, 0], 2);
    }
  }

  function moveMarker(p, follow) {
    if (!map) return;
    var ll = window.L.latLng(p.lat, p.lon);
    if (!marker) {
      marker = window.L.marker(ll, { title: nameEl.textContent, keyboard: false, alt: nameEl.textContent }).addTo(map);
    } else {
      marker.setLatLng(ll);
    }
    if (!follow) return;
    if (track && current && current.online) track.addLatLng(ll);
    // Follow the asset only when it reaches the edge, so a viewer who zoomed or panned keeps the view.
    var at = map.latLngToContainerPoint(ll);
    var size = map.getSize();
    if (at.x < 20 || at.y < 50 || at.x > size.x - 20 || at.y > size.y - 20) map.panTo(ll);
  }

  function apply(update, follow) {
    serverOffset = Date.parse(update.server_time) - Date.now();
    current = update;
    var p = update.position;
    if (p) {
      moveMarker(p, follow);
      mapEl.setAttribute('data-position', p.lat.toFixed(6) + ',' + p.lon.toFixed(6));
      // A stale speed from an offline tracker would mislead: show it only while live.
      speedEl.textContent = !update.online ? '–' : p.moving ? Math.round(p.speed) + ' km/h' : 'Stopped';
    } else {
      speedEl.textContent = '–';
    }
    if (!p) setStatus('No position reported yet', 'stale');
    else if (update.online) setStatus(p.moving ? 'Live · on the move' : 'Live · stopped', 'live');
    else setStatus('Tracker offline · showing the last known position', 'stale');
    if (etaEl && update.eta !== undefined) {
      if (update.eta === null) {
        etaEl.textContent = update.online ? 'No trip under way' : 'Not known while the tracker is offline';
      } else {
        var mins = Math.max(0, Math.round((Date.parse(update.eta.at) - Date.now() - serverOffset) / 60000));
        var when = document.createElement('span');
        when.className = 'eta-when';
        when.textContent = 'about ' + clock(update.eta.at) + ' · in ' + mins + ' min';
        var where = document.createElement('span');
        where.className = 'eta-where';
        where.textContent = update.eta.remaining_km.toFixed(1) + ' km to ' + update.eta.destination;
        etaEl.replaceChildren(when, where);
      }
    }
    renderAge();
  }

  function listen() {
    var es = new EventSource(base + '/events');
    es.addEventListener('position', function (e) {
      try {
        apply(JSON.parse(e.data), true);
      } catch (err) {
        // a malformed frame is dropped; the next one brings the whole state again
      }
    });
    es.addEventListener('gone', function () {
      es.close();
      leave();
    });
    es.onerror = function () {
      if (es.readyState === EventSource.CLOSED) {
        // Refused (401/404/410) or the service went away: ask the page what is going on.
        setStatus('Connection lost · retrying…', 'stale');
        setTimeout(start, 5000);
      } else {
        setStatus('Reconnecting…', 'stale');
      }
    };
  }

  var started = false;
  function start() {
    fetch(base + '/state', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (res) {
        if (res.status === 401 || res.status === 404 || res.status === 410) {
          leave();
          return null;
        }
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(function (snapshot) {
        if (!snapshot) return;
        if (!started) {
          started = true;
          initMap(snapshot);
          if (!showsHistory) mapEl.classList.add('no-history');
        }
        apply(snapshot, false);
        listen();
      })
      .catch(function () {
        setStatus('Could not reach the service · retrying…', 'stale');
        setTimeout(start, 5000);
      });
  }

  setInterval(renderAge, 1000);
  start();
})();
`;
