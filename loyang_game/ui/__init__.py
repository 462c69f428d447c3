"""The pygame table and its menus: `director.Director` runs the window and the scenes of
`scenes/` (one per file, opened by name); `draw` has the drawing helpers they share."""
