"""Screens: title, setup, load, rules, the game screens, and small dialogs."""
