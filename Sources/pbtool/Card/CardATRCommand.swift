import APDU
import ArgumentParser

/// `pbtool card atr HEX`: decodes any ATR, like pcsc-tools' ATR_analysis, without a card.
struct CardATRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atr",
        abstract: "Decode an ATR given on the command line, field by field.",
        discussion: """
            Decodes TS, T0, the interface bytes in their protocol context (Fi/Di, guard time, \
            IFSC/BWI/CWI, clock stop and class), the historical bytes (compact-TLV, card service \
            data, capabilities, life cycle, status) and TCK. Malformed ATRs are decoded as far as \
            they go and the problems listed as warnings; the exit code stays 0. Names come from \
            pcsc-tools' smartcard_list.txt when it is installed; nothing is downloaded.

            Exit codes: 0 decoded (warnings or not); 2 not hex, or empty.

            Examples:
              pbtool card atr 3B76120000009C11010303
              pbtool card atr "3B 8A 80 01 80 31 F8 73 F7 41 E0 82 90 00 75" --json
            """
    )

    @Argument(help: "The ATR in hex; spaces and colons between bytes are allowed.")
    var atr: [String]

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](hex: atr.joined(separator: " "))
        } catch {
            throw CommandFailure(.usage, "the ATR is not hex: \(error)")
        }
        guard !bytes.isEmpty else { throw CommandFailure(.usage, "the ATR is empty") }
        let report = ATRReport(ATR(bytes: bytes), names: CardNames.installed())
        if json {
            try JSONOutput.print(report)
        } else {
            report.lines.forEach { print($0) }
        }
    }
}
