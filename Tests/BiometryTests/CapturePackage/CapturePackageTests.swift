import Foundation
import ImageCodecs
import TemplateStore
import TestSupport
import Testing
@testable import Biometry

@Suite struct CapturePackageTests {
    /// Runs a command line tool and returns its standard output; throws on a non-zero exit.
    private func run(_ arguments: [String], input: Data? = nil) throws -> Data {
        let run = try ChildProcess.run("/usr/bin/env", arguments, input: input.map(Array.init) ?? [])
        guard run.status == 0 else { throw ToolFailure(arguments: arguments, problems: run.standardError) }
        return Data(run.outputBytes)
    }

    struct ToolFailure: Error { let arguments: [String]; let problems: String }

    @Test func aBackendOpensThePackageWithItsPrivateKey() throws {
        let store = try TemporaryStore()
        let privateKey = store.path("backend.key"), publicKey = store.path("backend.pem")
        _ = try run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privateKey])
        _ = try run(["openssl", "pkey", "-in", privateKey, "-pubout", "-out", publicKey])
        let features = try TestFingers.features(seed: 1, impression: 1)
        let image = TestFingers.images(seed: 1, impressions: 1...1)[0]
        let capture = CapturedSwipe(image: image, features: features,
                                    reading: QualityReading(quality: features.quality, area: 123.4, minimumQuality: 40, minimumArea: 60),
                                    finger: .rightIndex, sensorID: "sim", sensorName: "Simulated swipe sensor")
        let contents = try CapturePackage.contents(of: capture)
        let recipient = try RSAPublicKey(pem: [UInt8](try Data(contentsOf: URL(fileURLWithPath: publicKey))))
        let sealed = try CapturePackage.seal(contents, to: recipient)
        let packagePath = store.path("pkg.json")
        try JSONEncoder().encode(sealed).write(to: URL(fileURLWithPath: packagePath))

        let script = """
            import base64, json, sys
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import padding
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            package = json.load(open(sys.argv[1]))
            key = serialization.load_pem_private_key(open(sys.argv[2], 'rb').read(), password=None)
            oaep = padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
            aes = key.decrypt(base64.b64decode(package['encryptedKey']), oaep)
            b = lambda name: base64.b64decode(package[name])
            clear = AESGCM(aes).decrypt(b('nonce'), b('ciphertext') + b('tag'), package['additionalData'].encode())
            sys.stdout.write(clear.decode())
            """
        let clear = try run(["python3", "-c", script, packagePath, privateKey])
        let opened = try JSONDecoder().decode(CaptureContents.self, from: clear)
        #expect(opened == contents)
        #expect(opened.finger == "right-index")
        let wsq = try #require(Data(base64Encoded: opened.image.data))
        let decoded = try WSQCodec.decode([UInt8](wsq))
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(sealed.recipientKeySHA256.count == 64)
        #expect(!String(decoding: try JSONEncoder().encode(sealed), as: UTF8.self).contains(opened.template.data))
    }

    @Test func onlyRSAPublicKeysOfAtLeast2048BitsAreAccepted() throws {
        let store = try TemporaryStore()
        #expect(throws: RSAKeyError.notAPublicKey) { try RSAPublicKey(pem: Array("garbage".utf8)) }
        #expect(throws: RSAKeyError.notAPublicKey) { try RSAPublicKey(pem: Array("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".utf8)) }
        let ec = store.path("ec.key"), small = store.path("small.key")
        _ = try run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", ec])
        _ = try run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", small])
        let ecPublic = try run(["openssl", "pkey", "-in", ec, "-pubout"])
        let smallPublic = try run(["openssl", "pkey", "-in", small, "-pubout"])
        #expect(throws: RSAKeyError.notRSA) { try RSAPublicKey(pem: [UInt8](ecPublic)) }
        #expect(throws: RSAKeyError.tooShort(bits: 1024)) { try RSAPublicKey(pem: [UInt8](smallPublic)) }
    }

    @Test func aCertificateNamesItsKey() throws {
        let store = try TemporaryStore()
        let key = store.path("cert.key"), certificate = store.path("cert.pem")
        _ = try run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                     "-subj", "/CN=backend", "-days", "1"])
        let fromCertificate = try RSAPublicKey(pem: [UInt8](try Data(contentsOf: URL(fileURLWithPath: certificate))))
        let fromKey = try RSAPublicKey(pem: [UInt8](try run(["openssl", "pkey", "-in", key, "-pubout"])))
        #expect(try fromCertificate.fingerprint() == fromKey.fingerprint())
        #expect(fromCertificate.bits == 2048)
    }
}
