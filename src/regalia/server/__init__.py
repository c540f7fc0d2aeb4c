"""The ASGI server: HTTP and WebSocket API over tables; serves the web front end."""
