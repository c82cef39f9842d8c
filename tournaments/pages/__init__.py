"""Server-rendered pages of the tournaments app, one module per page family.

Each module ends with its own ``urlpatterns``; config/urls.py includes them.
"""
