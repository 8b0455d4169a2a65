internal import CLibUSB

/// A libusb failure: the `LIBUSB_ERROR_*` code and the call that returned it.
///
/// Match a case with `catch USBError.noDevice` (the `~=` overloads compare codes only). Codes
/// this type has no name for are kept as they are, never folded into another case.
public struct USBError: Error, Sendable, CustomStringConvertible {
    /// The negative `libusb_error` value.
    public let code: Int32
    /// The libusb function that failed, for messages (`"libusb_open"`), when known.
    public let operation: String?

    public init(code: Int32, operation: String? = nil) {
        self.code = code
        self.operation = operation
    }

    /// Input/output error (`LIBUSB_ERROR_IO`); also what umockdev's ioctl replay answers to a
    /// transfer it has no recording for.
    public static let io = USBError(code: -1)
    /// Invalid parameter (`LIBUSB_ERROR_INVALID_PARAM`).
    public static let invalidParameter = USBError(code: -2)
    /// Permission denied (`LIBUSB_ERROR_ACCESS`): usually a missing udev rule.
    public static let access = USBError(code: -3)
    /// The device has been disconnected (`LIBUSB_ERROR_NO_DEVICE`).
    public static let noDevice = USBError(code: -4)
    /// Entity not found (`LIBUSB_ERROR_NOT_FOUND`).
    public static let notFound = USBError(code: -5)
    /// Resource busy (`LIBUSB_ERROR_BUSY`): another program or driver holds the interface.
    public static let busy = USBError(code: -6)
    /// The transfer did not complete in time (`LIBUSB_ERROR_TIMEOUT`).
    public static let timeout = USBError(code: -7)
    /// The device sent more data than asked for (`LIBUSB_ERROR_OVERFLOW`).
    public static let overflow = USBError(code: -8)
    /// The endpoint halted (`LIBUSB_ERROR_PIPE`).
    public static let pipe = USBError(code: -9)
    /// A system call was interrupted (`LIBUSB_ERROR_INTERRUPTED`).
    public static let interrupted = USBError(code: -10)
    /// Out of memory (`LIBUSB_ERROR_NO_MEM`).
    public static let noMemory = USBError(code: -11)
    /// Not supported on this platform (`LIBUSB_ERROR_NOT_SUPPORTED`).
    public static let notSupported = USBError(code: -12)
    /// Any other error (`LIBUSB_ERROR_OTHER`).
    public static let other = USBError(code: -99)

    /// libusb's name for the code (`"LIBUSB_ERROR_TIMEOUT"`); wraps `libusb_error_name`.
    public var name: String {
        String(cString: libusb_error_name(code))
    }

    /// libusb's English text for the code; wraps `libusb_strerror`.
    public var reason: String {
        String(cString: libusb_strerror(code))
    }

    public var description: String {
        let text = "\(name) (\(reason))"
        return operation.map { "\($0): \(text)" } ?? text
    }

    /// The same code, recorded as coming from `operation`.
    public func during(_ operation: String) -> USBError {
        USBError(code: code, operation: operation)
    }

    public static func ~= (pattern: USBError, value: USBError) -> Bool {
        pattern.code == value.code
    }

    public static func ~= (pattern: USBError, value: any Error) -> Bool {
        (value as? USBError).map { $0.code == pattern.code } ?? false
    }
}

/// Turns a libusb return code into a thrown ``USBError``; non-negative values pass through.
@discardableResult
func check(_ rc: Int32, _ operation: String) throws -> Int32 {
    guard rc < 0 else { return rc }
    throw USBError(code: rc, operation: operation)
}
