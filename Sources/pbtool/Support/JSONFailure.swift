/// What a `--json` run prints when it fails before its own JSON said so: one object on standard
/// output with the exit code, so a script reading the output always gets an answer.
///
/// `{"error":"no template store at …","event":"finished","exitCode":9,"status":"store"}`: the
/// `finished` event of the flows' streams, with the error in place of the outcome.
struct JSONFailure: Encodable {
    let event = "finished"
    let exitCode: Int32
    let status: String
    let error: String

    /// Whether the command line asks for JSON (`--json` before any `--`).
    static func isRequested(by arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// Prints the object, unless the command already gave its JSON answer (a `db check` report
    /// that found problems ends with its own document and then fails; a flow's stream ends with
    /// its `finished` event).
    static func print(status: Int32, message: String) {
        guard !JSONOutput.answered else { return }
        let name = ExitStatus(rawValue: status).map { String(describing: $0) } ?? "failure"
        try? JSONOutput.printLine(JSONFailure(exitCode: status, status: name, error: message))
    }
}
