// The print pages' (GET /api/events/{id}/print/...?format=html) Print button.
document.querySelector('button.print')?.addEventListener('click', () => window.print());
