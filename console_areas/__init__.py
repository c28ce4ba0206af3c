"""The console's areas (``console.py``): the commands of one feature each, as ``cogs/`` has them on Discord.

``console.Console`` reads each line, chooses the table a command means and prints what comes back; a feature
of its own (the lessons, tournaments, results and reviews) is an area beside it, given the console to print
through, so that a new feature is a new area rather than more methods on one class (docs/architecture.md).
"""
