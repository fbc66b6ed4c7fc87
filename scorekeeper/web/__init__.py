"""What every feature shares: database, languages, security, errors, JSON, PDFs, the PWA."""
