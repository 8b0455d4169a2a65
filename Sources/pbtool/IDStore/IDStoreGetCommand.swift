import APDU
import ArgumentParser
import BiometricFormats
import Files
import Foundation
import SmartCard

/// `pbtool idstore get`: reads an entry, after a finger was verified (now or before).
struct IDStoreGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Read an IDStore entry (to standard output, or --out FILE).",
        discussion: """
            The entry's read condition must hold: a finger verified on the card since its last \
            reset (pbtool card verify just before), or --finger and --template to verify and read \
            in one transaction, which does not depend on pcscd keeping the card powered between \
            two commands. Entries the admin key may read (admin, finger-or-admin) open with \
            --admin-key or PBTOOL_ADMIN_KEY: the key is verified only when the entry needs it, \
            and the card is reset afterwards so it does not stay verified. The data goes to standard output as it is, or to --out (mode 0600); \
            with --json it is printed base64 (and as text when it is UTF-8).

            Exit codes: 0 read; 10 access denied (no finger verified) or a wrong admin key; 1 no \
            match and 4 blocked (with --finger), 4 also a blocked admin key; 2 no such entry or bad input; 12 no IDStore; 3/5/6 transport, \
            reader, card (3 also when the card was removed during the command).

            Examples:
              pbtool card verify --finger right-index --template probe.compact && pbtool idstore get vpn-password
              pbtool idstore get vpn-password --finger right-index --template probe.compact --out pw.txt
              PBTOOL_ADMIN_KEY=$KEY pbtool idstore get recovery-codes
            """
    )

    @OptionGroup var options: CardEdgeOptions
    @OptionGroup var key: AdminKeyOption

    @Argument(help: "The entry's name.")
    var name: String

    @Option(help: "Write the data to this file (mode 0600) instead of standard output.")
    var out: String?

    @Option(help: "Verify this finger on the BioManager first (with --template).")
    var finger: Finger?

    @Option(help: "The compact-card probe template for --finger.")
    var template: String?

    func validate() throws {
        guard (finger == nil) == (template == nil) else { throw ValidationError("--finger and --template go together") }
        guard finger == nil || key.text == nil else { throw ValidationError("--finger and --admin-key exclude each other") }
    }

    func run() throws {
        let probe = try template.map(CardTemplateFile.read)
        // The file is checked (and staged) before the card is asked: a bad --out costs no try.
        let output = try CommandOutput.optional(out, force: true, role: "output file")
        let adminKey = finger == nil ? try key.optionalKey() : nil
        // The admin key's authentication must not outlive the command (on a failure, whether it
        // was verified is unknown: reset); a verified finger may.
        var verifiedAdminKey = adminKey != nil
        let data = try CardEdgeSession(options).run(ending: verifiedAdminKey ? .reset : .leave) { transport in
            let store = IDStore(transport: transport)
            guard let finger, let probe else {
                try store.select()
                guard let adminKey else { return try store.read(named: name) }
                let read = try store.read(named: name, adminKey: adminKey)
                verifiedAdminKey = read.verifiedAdminKey
                return read.data
            }
            switch try store.read(named: name, verifying: finger, with: probe) {
            case .released(let data):
                return data
            case .refused(let outcome):
                try VerificationReport(finger: finger, edge: "biomanager", outcome: outcome).requireMatch()
                return []
            }
        }
        try deliver(data, to: output)
    }

    private func deliver(_ data: [UInt8], to output: CommandOutput?) throws {
        try output?.deliver(data)
        if options.json {
            try JSONOutput.print(Report(name: name, size: data.count, data: out == nil ? Data(data).base64EncodedString() : nil,
                                        text: out == nil ? String(validating: data, as: UTF8.self) : nil, file: out))
        } else if out == nil {
            FileHandle.standardOutput.write(Data(data))
        } else {
            print("Wrote \(data.count) bytes of \"\(name)\" to \(out ?? "")")
        }
    }

    struct Report: Encodable {
        let name: String
        let size: Int
        /// Base64, unless written to a file.
        let data: String?
        /// The data as text when it is UTF-8.
        let text: String?
        let file: String?
    }
}
