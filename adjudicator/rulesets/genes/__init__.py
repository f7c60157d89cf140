"""Genes Mactantes (rulebook 002): countries that act in order of Autoritat on a d10."""
