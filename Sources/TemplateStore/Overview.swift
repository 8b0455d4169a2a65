// TemplateStore: the encrypted template database (SQLite + OpenSSL).
