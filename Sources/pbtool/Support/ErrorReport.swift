import APDU
import APDUScript
import Files
import Biometry
import Fingerprint
import ArgumentParser
import TemplateStore
import Sensors
import USB
import ImageCodecs
import PCSC
import SmartCard

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
        case let error as StoreError:
            message = error.description
            status = Self.status(of: error)
        case let error as UnlockError:
            message = error.description
            status = Self.status(of: error)
        case let error as IntegrityError:
            message = error.description
            status = .integrity
        case let error as RecordError:
            message = error.description
            status = .usage
        case let error as SensorError:
            message = error.description
            switch error {
            case .noFinger: status = .timeout
            case .unknownSensor, .badSource: status = .usage
            default: status = .sensor
            }
        case let error as USBError:
            message = "USB: \(error)"
            status = .sensor
        case let error as ImageFileError:
            message = error.description
            status = .usage
        case let error as FileError:
            message = error.description
            status = .usage
        case let error as PCSCError:
            message = error.userMessage
            status = error.exitStatus
        case let error as HexParseError:
            message = error.description
            status = .usage
        case APDUError.responseTooShort(let bytes):
            // Responses come from the card, never from the user: fewer than 2 bytes means the
            // card or its connection failed mid-command (vpcd answers 0 bytes when the card drops),
            // which reads as a removal does (docs/idstore.md promises one text and one code).
            message = "the card was removed during the command, or failed: its answer has no status word (\(bytes.count) byte(s))"
            status = .transport
        case let error as APDUError:
            message = error.description
            status = .usage
        case let error as TransportError:
            message = error.description
            status = .transport
        case let error as ScriptSyntaxError:
            message = error.description
            status = .usage
        case let error as ScriptLoadError:
            message = error.description
            status = .usage
        case let error as CardEdgeError:
            message = error.description
            status = error.exitStatus
        case let error as IDStoreError:
            message = error.description
            status = error.exitStatus
        case let error as CompactTemplateError:
            message = error.description
            status = .usage
        case let error as BiometryError:
            message = error.description
            status = Self.status(of: error)
        case let error as HookConfigurationError:
            message = error.description
            status = .usage
        case let error as TemplateError:
            message = error.description
            status = .usage
        case let error as UnreadableReference:
            message = error.description
            status = .integrity
        case let error as HostTemplateError:
            message = error.description
            status = .usage
        default:
            message = String(describing: error)
            status = .software
        }
    }
}

extension ErrorReport {
    /// Template-store failures: the file or lock is a store problem, a refused request is usage.
    private static func status(of error: StoreError) -> ExitStatus {
        switch error {
        case .alreadyExists: .usage
        default: .store
        }
    }

    /// A wrong secret is an authentication failure; a key source that cannot deliver is usage.
    private static func status(of error: UnlockError) -> ExitStatus {
        switch error {
        case .wrongSecret, .noSlot: .authentication
        default: .usage
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

extension ErrorReport {
    /// Flow failures: a refused request is usage, a swipe that could not be used is a negative
    /// answer, a stored template that cannot be read is an integrity failure.
    private static func status(of error: BiometryError) -> ExitStatus {
        switch error {
        case .tooFewMinutiaeForCard, .tooDenseForCard, .tooManyUnusableSwipes: .negative
        case .unreadableTemplate: .integrity
        default: .usage
        }
    }
}
