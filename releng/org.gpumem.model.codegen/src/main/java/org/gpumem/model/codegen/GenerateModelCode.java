package org.gpumem.model.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.eclipse.emf.codegen.ecore.generator.Generator;
import org.eclipse.emf.codegen.ecore.generator.GeneratorAdapterFactory;
import org.eclipse.emf.codegen.ecore.genmodel.GenModel;
import org.eclipse.emf.codegen.ecore.genmodel.GenModelFactory;
import org.eclipse.emf.codegen.ecore.genmodel.GenModelPackage;
import org.eclipse.emf.codegen.ecore.genmodel.generator.GenBaseGeneratorAdapter;
import org.eclipse.emf.codegen.ecore.genmodel.generator.GenModelGeneratorAdapterFactory;
import org.eclipse.emf.common.util.BasicMonitor;
import org.eclipse.emf.common.util.Diagnostic;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.plugin.EcorePlugin;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.URIConverter;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.impl.EcoreResourceFactoryImpl;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;

/**
 * Generates the EMF code of org.gpumem.model (src-gen) and org.gpumem.model.edit (src-gen) from
 * model/gpumem.ecore and model/gpumem.genmodel without an Eclipse workspace.
 *
 * <p>Generation always runs into an empty work folder (so the result depends on the model only,
 * never on what is already there), then either compares the result with the committed code
 * ({@code --check}, used by the build) or replaces the committed code with it ({@code --write},
 * used by {@code releng/regen-model}). The genmodel is rebuilt from the ecore each time and
 * reconciled with the committed one, so a feature added to the ecore needs no hand edit of the
 * genmodel; {@code --write} saves the reconciled genmodel too.
 *
 * <p>usage: {@code GenerateModelCode --check|--write MODEL_BUNDLE EDIT_BUNDLE WORK_DIR}
 */
public final class GenerateModelCode {

    private static final String MODEL_PROJECT = "org.gpumem.model";
    private static final String EDIT_PROJECT = "org.gpumem.model.edit";
    private static final String GENERATED = "src-gen";
    private static final String GENMODEL = "model/gpumem.genmodel";
    /**
     * Generated files outside src-gen that the bundles use: the extension registrations and the
     * label strings. MANIFEST.MF and build.properties are maintained by hand (Tycho reads them
     * before anything is generated), and the icons come from releng/model-icons.
     */
    private static final List<String> GENERATED_FILES = List.of("plugin.xml", "plugin.properties");

    private GenerateModelCode() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4 || !(args[0].equals("--check") || args[0].equals("--write"))) {
            System.err.println("usage: GenerateModelCode --check|--write MODEL_BUNDLE EDIT_BUNDLE WORK_DIR");
            System.exit(2);
        }
        boolean write = args[0].equals("--write");
        Path modelBundle = Path.of(args[1]).toAbsolutePath().normalize();
        Path editBundle = Path.of(args[2]).toAbsolutePath().normalize();
        Path work = Path.of(args[3]).toAbsolutePath().normalize();

        deleteTree(work);
        Path workModel = work.resolve(MODEL_PROJECT);
        Path workEdit = work.resolve(EDIT_PROJECT);
        copyTree(modelBundle.resolve("model"), workModel.resolve("model"));
        Files.createDirectories(workEdit);

        generate(workModel, workEdit);

        List<String> drift = new ArrayList<>();
        drift.addAll(compareTrees(workModel.resolve(GENERATED), modelBundle.resolve(GENERATED), MODEL_PROJECT + "/" + GENERATED));
        drift.addAll(compareTrees(workEdit.resolve(GENERATED), editBundle.resolve(GENERATED), EDIT_PROJECT + "/" + GENERATED));
        for (String file : GENERATED_FILES) {
            drift.addAll(compareFile(workModel.resolve(file), modelBundle.resolve(file), MODEL_PROJECT + "/" + file));
            drift.addAll(compareFile(workEdit.resolve(file), editBundle.resolve(file), EDIT_PROJECT + "/" + file));
        }
        drift.addAll(compareFile(workModel.resolve(GENMODEL), modelBundle.resolve(GENMODEL), MODEL_PROJECT + "/" + GENMODEL));
        if (write) {
            replaceTree(workModel.resolve(GENERATED), modelBundle.resolve(GENERATED));
            replaceTree(workEdit.resolve(GENERATED), editBundle.resolve(GENERATED));
            for (String file : GENERATED_FILES) {
                Files.copy(workModel.resolve(file), modelBundle.resolve(file), StandardCopyOption.REPLACE_EXISTING);
                Files.copy(workEdit.resolve(file), editBundle.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
            Files.copy(workModel.resolve(GENMODEL), modelBundle.resolve(GENMODEL), StandardCopyOption.REPLACE_EXISTING);
            System.out.println(drift.isEmpty() ? "model code was up to date" : "rewrote " + drift.size() + " file(s)");
        } else if (!drift.isEmpty()) {
            System.err.println("The committed EMF code differs from what model/gpumem.genmodel generates"
                    + " (run releng/regen-model):");
            drift.forEach(d -> System.err.println("  " + d));
            System.exit(1);
        } else {
            System.out.println("committed EMF code matches the model");
        }
    }

    private static void generate(Path workModel, Path workEdit) throws IOException {
        EcorePlugin.ExtensionProcessor.process(null);
        Map<URI, URI> uriMap = URIConverter.URI_MAP;
        uriMap.put(URI.createPlatformResourceURI("/" + MODEL_PROJECT + "/", false), URI.createFileURI(workModel + "/"));
        uriMap.put(URI.createPlatformResourceURI("/" + EDIT_PROJECT + "/", false), URI.createFileURI(workEdit + "/"));
        // Without this registration the generator silently produces nothing.
        GeneratorAdapterFactory.Descriptor.Registry.INSTANCE.addDescriptor(GenModelPackage.eNS_URI,
                GenModelGeneratorAdapterFactory.DESCRIPTOR);

        ResourceSet resources = new ResourceSetImpl();
        resources.getResourceFactoryRegistry().getExtensionToFactoryMap().put("ecore", new EcoreResourceFactoryImpl());
        resources.getResourceFactoryRegistry().getExtensionToFactoryMap().put("genmodel", new XMIResourceFactoryImpl());
        resources.getPackageRegistry().put(GenModelPackage.eNS_URI, GenModelPackage.eINSTANCE);
        resources.getPackageRegistry().put(EcorePackage.eNS_URI, EcorePackage.eINSTANCE);

        URI genModelUri = URI.createPlatformResourceURI("/" + MODEL_PROJECT + "/" + GENMODEL, false);
        GenModel committed = (GenModel) resources.getResource(genModelUri, true).getContents().get(0);
        EPackage ePackage = committed.getGenPackages().get(0).getEcorePackage();
        if (ePackage == null || ePackage.eIsProxy()) {
            throw new IllegalStateException("gpumem.genmodel does not reach gpumem.ecore");
        }

        GenModel genModel = GenModelFactory.eINSTANCE.createGenModel();
        Resource reconciled = resources.createResource(genModelUri);
        resources.getResources().remove(committed.eResource());
        reconciled.getContents().add(genModel);
        genModel.initialize(List.of(ePackage));
        genModel.reconcile(committed);
        genModel.getForeignModel().clear();
        genModel.getForeignModel().addAll(committed.getForeignModel());
        genModel.setCanGenerate(true);
        Diagnostic diagnostic = genModel.diagnose();
        if (diagnostic.getSeverity() == Diagnostic.ERROR) {
            throw new IllegalStateException("gpumem.genmodel: " + diagnostic);
        }
        reconciled.save(Map.of());

        Generator generator = new Generator();
        generator.setInput(genModel);
        for (String projectType : List.of(GenBaseGeneratorAdapter.MODEL_PROJECT_TYPE, GenBaseGeneratorAdapter.EDIT_PROJECT_TYPE)) {
            Diagnostic result = generator.generate(genModel, projectType, new BasicMonitor());
            if (result.getSeverity() == Diagnostic.ERROR) {
                throw new IllegalStateException("generating " + projectType + ": " + result);
            }
        }
        if (!Files.isDirectory(workModel.resolve(GENERATED)) || !Files.isDirectory(workEdit.resolve(GENERATED))) {
            throw new IllegalStateException("the EMF generator produced no code in " + workModel + " / " + workEdit);
        }
    }

    private static List<String> compareTrees(Path generated, Path committed, String label) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        names.addAll(relativeFiles(generated));
        names.addAll(relativeFiles(committed));
        List<String> drift = new ArrayList<>();
        for (String name : names) {
            Path a = generated.resolve(name);
            Path b = committed.resolve(name);
            if (!Files.exists(a)) {
                drift.add(label + "/" + name + " (not generated any more)");
            } else if (!Files.exists(b)) {
                drift.add(label + "/" + name + " (missing)");
            } else if (!Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b))) {
                drift.add(label + "/" + name + " (differs)");
            }
        }
        return drift;
    }

    private static List<String> compareFile(Path generated, Path committed, String label) throws IOException {
        if (!Files.exists(committed)) {
            return List.of(label + " (missing)");
        }
        if (!Arrays.equals(Files.readAllBytes(generated), Files.readAllBytes(committed))) {
            return List.of(label + " (differs)");
        }
        return List.of();
    }

    private static List<String> relativeFiles(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).toList();
        }
    }

    private static void replaceTree(Path from, Path to) throws IOException {
        deleteTree(to);
        copyTree(from, to);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(p -> {
                try {
                    Path dest = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(dest);
                    } else {
                        Files.copy(p, dest);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
