"""The application layer: one module per command (the sheet commands and the translator's share
one each), each running the pipeline's stages for it and saying what it did. generator/cli.py
only parses the arguments; no stage imports a command."""
