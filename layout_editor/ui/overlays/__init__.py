"""Overlays on the table: what the rules core answers (reach regions, route
distances, sight, measured routes, offending pieces), drawn over the scene and
toggled from the overlay toolbar.

layers.py   the QGraphicsItems (plain data in, no rules calls)
controller.py  the toolbar, tools and selectors that tie them to the editor

What they show is worked out by the rules core (rules/overlays.py, no Qt),
off the UI thread.
"""
