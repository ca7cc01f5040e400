"""The world of Admiralty: coasts, ports, stations, shallows and routes under sail."""
