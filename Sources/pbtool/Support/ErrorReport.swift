import ArgumentParser
import Fingerprint
import ImageCodecs

/// Turns any error into the one-line message a user reads and the exit status a script reads.
///
/// This is the only place where errors become exit codes.
struct ErrorReport {
    let message: String
    let status: ExitStatus

    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            message = failure.message
            status = failure.status
        case let error as ImageFileError:
            message = error.description
            status = .usage
        case let error as TemplateError:
            message = error.description
            status = .usage
        case let error as HostTemplateError:
            message = error.description
            status = .usage
        default:
            message = String(describing: error)
            status = .software
        }
    }
}

/// A failure a command detected itself, with the status it maps to.
struct CommandFailure: Error {
    let message: String
    let status: ExitStatus

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
