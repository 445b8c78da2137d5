// Starts `tabula lsp` for Tabula game files. Everything the editor shows (diagnostics, hover,
// completion, definitions, outline, formatting) comes from the server; this file only starts it.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("tabula").get("path", "tabula");
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "tabula",
    "Tabula",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "tabula" }, { scheme: "untitled", language: "tabula" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
