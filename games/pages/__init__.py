"""Server-rendered pages of the games app, one module per page family.

Each module ends with its own ``urlpatterns``; config/urls.py includes them,
so a page, its view and its route live in one file.
"""
