"""The timeline in the editor (issue 30): the round strip under the map,
the table and overlays of the round shown, and events edited in place.
`install(window)` builds it (editor.py)."""
