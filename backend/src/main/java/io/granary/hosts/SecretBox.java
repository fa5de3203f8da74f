package io.granary.hosts;

import io.granary.security.SecurityProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * AES-256-GCM for secrets at rest (SSH private keys). The key lives in the control plane's data
 * directory (secret.key, 0600), not in the database: a database dump alone reveals no key.
 */
@Component
public class SecretBox {
  private static final int IV = 12;
  private static final SecureRandom RANDOM = new SecureRandom();
  private final Path keyFile;
  private volatile SecretKeySpec key;

  public SecretBox(SecurityProperties security) {
    this.keyFile = Path.of(security.dataDir() == null ? "var/control-plane" : security.dataDir(), "secret.key");
  }

  private SecretKeySpec key() {
    if (key == null) {
      synchronized (this) {
        if (key == null) {
          key = new SecretKeySpec(loadOrCreate(), "AES");
        }
      }
    }
    return key;
  }

  private byte[] loadOrCreate() {
    try {
      if (Files.exists(keyFile)) {
        return Files.readAllBytes(keyFile);
      }
      Files.createDirectories(keyFile.getParent());
      byte[] k = new byte[32];
      RANDOM.nextBytes(k);
      Path tmp = Files.createTempFile(keyFile.getParent(), "secret", ".tmp",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.write(tmp, k);
      Files.move(tmp, keyFile);
      return k;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or create " + keyFile, e);
    }
  }

  public byte[] seal(byte[] plain) {
    try {
      byte[] iv = new byte[IV];
      RANDOM.nextBytes(iv);
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(128, iv));
      byte[] sealed = c.doFinal(plain);
      return ByteBuffer.allocate(IV + sealed.length).put(iv).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public byte[] open(byte[] box) {
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(128, box, 0, IV));
      return c.doFinal(box, IV, box.length - IV);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("a stored secret cannot be decrypted (was secret.key replaced?)", e);
    }
  }
}
